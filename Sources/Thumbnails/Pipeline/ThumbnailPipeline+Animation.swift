import Pictures
import TerminalKit

extension ThumbnailPipeline {
  /// Frames sent together: the first part comes soon, later parts in a few sends.
  static let animationPartSize = 8

  /// Decodes the animation at `request.path` frame by frame on a worker and draws each
  /// frame as cell art in `request.size`, handing the frames to `completion` in parts as
  /// they are ready (the first after `animationPartSize` frames, so playing starts soon).
  ///
  /// The frames' cells are kept within `configuration.animationArtBytes`; past it the
  /// animation ends there (`truncation` `.memoryLimit`), as it does at the decoder's
  /// limits. `cancelAnimation` stops it at the next frame. One frame's pixels are in
  /// memory at a time.
  package func animate(
    _ request: ThumbnailRequest, priority: Int,
    completion:
      @escaping @Sendable (ThumbnailRequest, Result<AnimationPart, ThumbnailError>) ->
      Void
  ) {
    let configuration = self.configuration
    pool.submit(.animation(request), priority: priority) { isCancelled in
      let reader: AnimationReader
      do throws(ThumbnailError) {
        reader = try configuration.decoder.animationFrames(
          path: request.path, target: Self.pixelBox(for: request.size, configuration))
      } catch {
        completion(request, .failure(error))
        return
      }
      let fit = CellFit.fitting(
        width: reader.metadata.displayWidth, height: reader.metadata.displayHeight,
        in: request.size, cellAspect: configuration.cellAspect)
      var part = AnimationPart(frames: [], delays: [], loopCount: 0, isLast: false)
      var bytes = 0
      while !isCancelled() {
        let frame: AnimationFrame?
        do throws(ThumbnailError) {
          frame = try reader.next()
        } catch {
          completion(request, .failure(error))
          return
        }
        var truncation = reader.truncation
        if let frame {
          let art = CellArtRenderer.render(
            frame.image, size: request.size, fit: fit, mode: request.mode,
            symbols: request.symbols)
          bytes += art.approximateByteCount
          if bytes > configuration.animationArtBytes {
            truncation = .memoryLimit
          } else {
            part.frames.append(art)
            part.delays.append(frame.delay)
          }
        }
        let isLast = frame == nil || truncation == .memoryLimit
        if isLast || part.frames.count >= Self.animationPartSize {
          part.loopCount = reader.loopCount
          part.isLast = isLast
          part.truncation = truncation
          completion(request, .success(part))
          part.frames = []
          part.delays = []
        }
        if isLast { return }
      }
    }
  }

  /// Stops the animation work for `request`.
  package func cancelAnimation(_ request: ThumbnailRequest) {
    pool.cancel(.animation(request))
  }

  /// The box in pixels a picture fitted in `size` is decoded for: cell art's working
  /// resolution, 8 pixels a column, a row `cellAspect` times as tall.
  static func pixelBox(for size: TileSize, _ configuration: ThumbnailConfiguration)
    -> (width: Int, height: Int)
  {
    (size.columns * 8, Int((Double(size.rows * 8) * configuration.cellAspect).rounded(.up)))
  }
}
