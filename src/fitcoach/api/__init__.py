"""The HTTP service: FastAPI app, routers, auth and error handling."""
