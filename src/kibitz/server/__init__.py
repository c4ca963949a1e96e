"""The web app: FastAPI + WebSocket play, SQLAlchemy storage, pages as plain ES modules."""
