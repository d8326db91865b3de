// WaylandShell module
