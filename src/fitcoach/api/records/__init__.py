"""Personal records per exercise."""
