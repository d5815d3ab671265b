-- wrk script for bench/load_test.py: requests from the command line or from a request list,
-- a JSON summary at the end.
--
--   wrk -s bench/load/report.lua URL -- "GET|/api/v1/health"              one fixed request
--   wrk -s bench/load/report.lua URL -- "GET|/a" "POST|/b|body.json"     a mix, in turn
--   wrk -s bench/load/report.lua URL -- "@list.tsv" START THREADS        a request list
--
-- A request list has one request a line, `METHOD<TAB>PATH<TAB>BODY` (BODY: JSON on one line,
-- or empty). Thread t of THREADS sends lines START+t, START+t+THREADS, ... so the threads
-- never send the same line, and load_test.py starts the next run where this one stopped: in
-- a cold run every request is a different object (a different card, filter, board state).
-- Every response is counted by status class (wrk itself counts only >= 400 as errors) and by
-- its X-Cache header (the public response cache's hit or miss).
-- The last line printed is `LOADTEST-JSON {...}`, which load_test.py parses.

local threads = {}
local names = { "s2xx", "s3xx", "s4xx", "s429", "s5xx", "hit", "miss" }
local counts = {}
for _, n in ipairs(names) do counts[n] = 0 end
local next_id = 0

local function read_file(path)
  local f = assert(io.open(path, "rb"), "cannot read " .. path)
  local body = f:read("*a")
  f:close()
  return body
end

local function headers_for(body)
  local headers = { ["X-Forwarded-Proto"] = "https" } -- as the TLS-terminating proxy sends
  for name, value in pairs(wrk.headers) do headers[name] = value end
  if body then headers["Content-Type"] = "application/json" end
  return headers
end

local function parse(spec)
  local method, path, body_file = spec:match("^(%u+)|([^|]+)|?(.*)$")
  assert(method, "bad request spec: " .. spec)
  local body = nil
  if body_file ~= "" then body = read_file(body_file) end
  return { method = method, path = path, headers = headers_for(body), body = body }
end

function setup(thread)
  next_id = next_id + 1
  thread:set("tid", next_id)
  table.insert(threads, thread)
end

function init(args)
  if args[1] and args[1]:sub(1, 1) == "@" then
    local lines = {}
    for line in io.lines(args[1]:sub(2)) do
      local method, path, body = line:match("^(%u+)\t([^\t]+)\t?(.*)$")
      assert(method, "bad request line: " .. line)
      if body == "" then body = nil end
      table.insert(lines, { method, path, body })
    end
    local n = #lines
    assert(n > 0, "empty request list " .. args[1])
    local step = tonumber(args[3] or "1")
    local i = tonumber(args[2] or "0") + (tid or 1) - 1
    request = function()
      local r = lines[(i % n) + 1]
      i = i + step
      return wrk.format(r[1], r[2], headers_for(r[3]), r[3])
    end
    return
  end
  local specs = {}
  for i = 1, #args do table.insert(specs, parse(args[i])) end
  assert(#specs > 0, "give at least one request spec after --")
  if #specs == 1 then
    local s = specs[1]
    wrk.method, wrk.path, wrk.headers, wrk.body = s.method, s.path, s.headers, s.body
  else
    local formatted = {}
    for i, s in ipairs(specs) do formatted[i] = wrk.format(s.method, s.path, s.headers, s.body) end
    local n = 0
    request = function()
      n = n % #formatted + 1
      return formatted[n]
    end
  end
end

local function count(name)
  counts[name] = counts[name] + 1
  wrk.thread:set(name, counts[name])
end

function response(status, headers, body)
  if status < 300 then
    count("s2xx")
  elseif status < 400 then
    count("s3xx")
  elseif status == 429 then
    count("s429")
  elseif status < 500 then
    count("s4xx")
  else
    count("s5xx")
  end
  local cached = headers["X-Cache"]
  if cached == "hit" then count("hit") elseif cached == "miss" then count("miss") end
end

function done(summary, latency, requests)
  local total = {}
  for _, n in ipairs(names) do total[n] = 0 end
  for _, thread in ipairs(threads) do
    for _, n in ipairs(names) do total[n] = total[n] + (thread:get(n) or 0) end
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
  for _, n in ipairs(names) do table.insert(parts, string.format('"%s":%d', n, total[n])) end
  io.write("LOADTEST-JSON {" .. table.concat(parts, ",") .. "}\n")
end
