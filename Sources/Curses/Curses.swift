import CNcursesw

func _probe() { _ = gallery_lines() }
