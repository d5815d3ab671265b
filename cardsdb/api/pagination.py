from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    """`?page=N&page_size=M` (1 to 500); the body says how many there are in all. A page size
    that is not a whole number in range is a 400 naming `page_size`, never silently replaced."""

    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request: Any) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if not raw:  # absent or empty, like every optional parameter
            return self.page_size  # type: ignore[return-value]
        try:
            size = int(raw)
        except ValueError:
            size = 0
        if not 1 <= size <= self.max_page_size:
            raise ValidationError(
                {self.page_size_query_param: [f"a whole number from 1 to {self.max_page_size}"]}
            )
        return size

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1}
            elif parameter["name"] == self.page_size_query_param:
                parameter["schema"] = PAGE_SIZE_SCHEMA
        return parameters


PAGE_SIZE_SCHEMA = {"type": "integer", "minimum": 1, "maximum": Pagination.max_page_size}
