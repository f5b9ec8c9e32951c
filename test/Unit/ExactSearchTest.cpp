// placeholder: tests added with the implementation
