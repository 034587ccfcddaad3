"""The database backend: django-tenants' PostgreSQL backend with the pool's lighter check
(``config.db_pool``; issue 23)."""
