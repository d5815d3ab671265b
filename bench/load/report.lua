-- wrk script for bench/load_test.py: requests from the command line, a JSON summary at the end.
--
--   wrk -s bench/load/report.lua URL -- "GET|/api/v1/health" "POST|/api/v1/...|body.json" ...
--
-- One request spec: wrk sends it as a fixed request (no per-request Lua). Several: a mix, sent
-- in turn by each connection (the soak). A POST body is read from the file named in its spec.
-- Every response is counted by status class, because wrk itself counts only statuses >= 400 as
-- errors and would take a redirect (a misconfigured server) for success.
-- The last line printed is `LOADTEST-JSON {...}`, which load_test.py parses.

local specs = {}
local counts = { s2xx = 0, s3xx = 0, s4xx = 0, s429 = 0, s5xx = 0 }
local threads = {}

local function read_file(path)
  local f = assert(io.open(path, "rb"), "cannot read " .. path)
  local body = f:read("*a")
  f:close()
  return body
end

local function parse(spec)
  local method, path, body_file = spec:match("^(%u+)|([^|]+)|?(.*)$")
  assert(method, "bad request spec: " .. spec)
  local headers = { ["X-Forwarded-Proto"] = "https" } -- as the TLS-terminating proxy sends
  for name, value in pairs(wrk.headers) do headers[name] = value end
  local body = nil
  if body_file ~= "" then
    body = read_file(body_file)
    headers["Content-Type"] = "application/json"
  end
  return { method = method, path = path, headers = headers, body = body }
end

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for i = 1, #args do
    table.insert(specs, parse(args[i]))
  end
  assert(#specs > 0, "give at least one request spec after --")
  if #specs == 1 then
    local s = specs[1]
    wrk.method, wrk.path, wrk.headers, wrk.body = s.method, s.path, s.headers, s.body
  else
    local formatted = {}
    for i, s in ipairs(specs) do
      formatted[i] = wrk.format(s.method, s.path, s.headers, s.body)
    end
    local n = 0
    request = function()
      n = n % #formatted + 1
      return formatted[n]
    end
  end
end

function response(status, headers, body)
  local name
  if status < 300 then
    name = "s2xx"
  elseif status < 400 then
    name = "s3xx"
  elseif status == 429 then
    name = "s429"
  elseif status < 500 then
    name = "s4xx"
  else
    name = "s5xx"
  end
  counts[name] = counts[name] + 1
  wrk.thread:set(name, counts[name])
end

function done(summary, latency, requests)
  local total = { s2xx = 0, s3xx = 0, s4xx = 0, s429 = 0, s5xx = 0 }
  for _, thread in ipairs(threads) do
    for name, _ in pairs(total) do
      total[name] = total[name] + (thread:get(name) or 0)
    end
  end
  local e = summary.errors
  local parts = {
    string.format('"requests":%d', summary.requests),
    string.format('"duration_us":%d', summary.duration),
    string.format('"bytes":%d', summary.bytes),
    string.format('"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d',
      e.connect, e.read, e.write, e.timeout, e.status),
    string.format('"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f',
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
      latency.mean),
  }
  for name, value in pairs(total) do
    table.insert(parts, string.format('"%s":%d', name, value))
  end
  io.write("LOADTEST-JSON {" .. table.concat(parts, ",") .. "}\n")
end
