from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission


class ReadOnlyOrStaff(BasePermission):
    """The public reads; only staff write. A method the endpoint does not have at all is let
    through to the view, which answers 405 with `Allow`: "not here", not "not you"."""

    def has_permission(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        if not hasattr(view, request.method.lower()):
            return True
        return bool(request.user and request.user.is_staff)
