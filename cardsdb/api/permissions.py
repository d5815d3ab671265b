from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission


class ReadOnlyOrStaff(BasePermission):
    """The public reads; only staff write."""

    def has_permission(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_staff)
