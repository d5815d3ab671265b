"""Settings for Table Judge.

Embedded default: SQLite in `var/`, no configuration. Production reads the environment:
`DATABASE_URL`, `SECRET_KEY`, `ALLOWED_HOSTS`, `REDIS_URL` (optional cache), `DEBUG`.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

from cardsdb.headers import add_static_headers

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
FIXTURES_DIR = BASE_DIR / "fixtures"

DEBUG = os.environ.get("DEBUG", "1" if "SECRET_KEY" not in os.environ else "0") == "1"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-never-used-in-production"

ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h] or (
    ["127.0.0.1", "localhost", "testserver"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "cardsdb",
]

MIDDLEWARE = [
    "cardsdb.middleware.NoSharedCacheWithCookiesMiddleware",  # first: sees every cookie set
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "cardsdb.csrf_etag.CsrfFormETagMiddleware",  # a page with a CSRF form gets a stable ETag
    "cardsdb.response_cache.PublicResponseCacheMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "cardsdb.middleware.SecurityHeadersMiddleware",
    "cardsdb.middleware.RequestGuardMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: the lockout answer
]

ROOT_URLCONF = "cardsdb.urls"
WSGI_APPLICATION = "cardsdb.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

VAR_DIR.mkdir(exist_ok=True)
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = 5

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Admin sign-in: lockout and password rules -------------------------------------------------
# django-axes counts failed sign-ins in the database (every app server agrees) and, after
# AXES_FAILURE_LIMIT of them from one address or for one username, refuses further attempts for
# AXES_COOLOFF_TIME hours before any password is hashed (its backend comes first). The address is
# the one the rate limits key on (cardsdb/client_address.py). `manage.py axes_reset` lifts every
# lockout (`axes_reset_ip ADDRESS`, `axes_reset_username NAME` one).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("AXES_COOLOFF_HOURS", "1"))  # hours
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]  # each on its own
AXES_CLIENT_IP_CALLABLE = "cardsdb.client_address.client_address"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "admin/locked_out.html"
AXES_VERBOSE = False
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]

# The cache holds throttle counters, rendered rule pages, bulk documents and the search index
# generation. With Redis it is shared by every worker and app server; Redis being down degrades
# to "nothing cached" (logged), never to an error page.
REDIS_CACHE_OPTIONS = {
    "SOCKET_CONNECT_TIMEOUT": 2,
    "SOCKET_TIMEOUT": 2,
    "IGNORE_EXCEPTIONS": True,
}
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "OPTIONS": REDIS_CACHE_OPTIONS,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "tablejudge"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise serves from here after collectstatic
WHITENOISE_USE_FINDERS = True  # and from static/ directly, so no collectstatic is needed
# whitenoise answers static files before the other middleware: it adds the security headers
WHITENOISE_ADD_HEADERS_FUNCTION = add_static_headers
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Public GET answers are cached this long per version of the data (0 switches it off; the
# test suite does, as its tests change data behind the loader's back).
RESPONSE_CACHE_SECONDS = int(os.environ.get("RESPONSE_CACHE_SECONDS", "600"))
# Each card's and rule's public JSON and each card page, built once per version of the data and
# kept in the database (cardsdb/prebuilt.py); PREBUILT=0 renders every request instead.
PREBUILT = os.environ.get("PREBUILT", "1") != "0"
# How often each process re-reads the version of the data (every game's data version and the
# edits counter): a load or an admin edit is seen by every app server within this time.
DATA_VERSION_SECONDS = float(os.environ.get("DATA_VERSION_SECONDS", "2"))
# Bulk downloads are written here once per version of the data, by each app server for itself
# (cardsdb/bulk.py): a local folder, nothing shared between servers.
BULK_DIR = Path(os.environ.get("BULK_DIR", VAR_DIR / "bulk"))

DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024  # request bodies: board states are small

REST_FRAMEWORK = {
    "DEFAULT_PERMISSION_CLASSES": ["cardsdb.api.permissions.ReadOnlyOrStaff"],
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PAGINATION_CLASS": "cardsdb.api.pagination.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "cardsdb.api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "cardsdb.api.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {"rulings": os.environ.get("RULINGS_RATE", "120/min")},
    # Rate limits key on the client's address: REMOTE_ADDR, or with NUM_PROXIES=n trusted proxies
    # in front, the address they saw. Never a client-made-up X-Forwarded-For.
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
    "DEFAULT_RENDERER_CLASSES": [
        "cardsdb.api.renderers.FastJSONRenderer",  # orjson: DRF's bytes, faster
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Table Judge API",
    "DESCRIPTION": (
        "Rules, cards and clarifications for five tabletop games, and adjudicators that rule "
        "on a proposed move in a described board state."
    ),
    "VERSION": "1.0.0",
    # 3.1: its schemas are JSON Schema 2020-12, which the engines' pydantic schemas are written in.
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "SymbolKindEnum": "cardsdb.models.Symbol.Kind",
        "ExpansionKindEnum": "cardsdb.models.Expansion.Kind",
        "VariantKindEnum": "cardsdb.models.Variant.Kind",
        "ClarificationKindEnum": "cardsdb.models.Clarification.Kind",
        "ProvenanceEnum": "cardsdb.models.Provenance",  # a card's provenance, a source's kind
        "TextProvenanceEnum": "cardsdb.models.TextProvenance",  # a rule's, term's, ruling's
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "cardsdb.api.schema.add_engine_schemas",
        "cardsdb.api.schema.enumerate_games",
        "cardsdb.api.schema.nullable_as_json_schema",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

if not DEBUG:
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SESSION_COOKIE_SECURE = os.environ.get("INSECURE_COOKIES") != "1"
    CSRF_COOKIE_SECURE = os.environ.get("INSECURE_COOKIES") != "1"
    SECURE_SSL_REDIRECT = os.environ.get("SECURE_SSL_REDIRECT", "1") == "1"
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
