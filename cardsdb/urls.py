from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("cardsdb.api.urls")),
    path("", include("cardsdb.web.urls")),
]

handler404 = "cardsdb.web.errors.not_found"
handler500 = "cardsdb.web.errors.server_error"
