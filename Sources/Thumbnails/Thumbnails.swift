import CChafa
import CImageCodecs

func _probe() {
  _ = chafa_canvas_config_new()
  _ = tjInitDecompress()
  _ = exif_data_new()
}
