import Gallery
import Pictures
import Thumbnails

/// The commands for the thumbnail service's stills: what to draw, what to forget, what to
/// describe. The loop owns the requests on their way (`inFlight`, `picturesInFlight`).
extension GalleryRuntime {
  /// Asks for `wants` once the first frame is drawn (before it, they wait for it).
  ///
  /// - Returns: the results the service already held in memory, for the state.
  func requestThumbnails(_ wants: [ThumbnailWant]) -> [GalleryEvent] {
    guard hasDrawn else {
      wantsBeforeFirstFrame = wants
      return []
    }
    return readyInMemory(wants)
  }

  /// Drops what the service and the loop hold of `paths`: their files were rewritten.
  func invalidateThumbnails(_ paths: [String]) {
    for path in paths { thumbnails?.invalidate(path: path) }
    let stale = Set(paths)
    inFlight = inFlight.filter { !stale.contains($0.key.path) }
    picturesInFlight = picturesInFlight.filter { !stale.contains($0.key.path) }
  }

  /// Reads a picture's details; they come back as `pictureDescribed`.
  func describe(_ path: String) {
    let inbox = self.inbox
    thumbnails?.describe(path: path, priority: ThumbnailPriority.detail.rawValue) {
      path, result in
      let outcome: ThumbnailOutcome
      switch result {
      case .success(let metadata): outcome = .ready(metadata: metadata, isPartial: false)
      case .failure(let error): outcome = .failed(error)
      }
      inbox.post(.pictureDescribed(path: path, outcome: outcome))
    }
  }

  /// Measures pictures (histogram, clipping, sharpness) on the workers, after the
  /// pictures on screen; each comes back as `pictureAnalyzed`.
  func analyze(_ wants: [AnalysisWant]) {
    let inbox = self.inbox
    for want in wants {
      thumbnails?.analyze(
        path: want.path, focus: want.focus, priority: ThumbnailPriority.nearby.rawValue
      ) { path, result in
        let outcome: AnalysisOutcome
        switch result {
        case .success(let analysis): outcome = .measured(analysis)
        case .failure(let error): outcome = .failed(error)
        }
        inbox.post(.pictureAnalyzed(path: path, outcome: outcome))
      }
    }
  }

  /// Asks for the wanted thumbnails that are neither on the state's shelves nor on their
  /// way, as cell art or as pictures in pixels as the appearance says, and cancels the
  /// work nobody wants any more.
  ///
  /// - Returns: the results the service holds in memory, for the state: they go into it
  ///   once every `ask` has returned (an update can ask for thumbnails again, which must
  ///   not happen while `inFlight` is still being changed), and so are in the frame about
  ///   to be drawn.
  func readyInMemory(_ wants: [ThumbnailWant]) -> [GalleryEvent] {
    guard let thumbnails else { return [] }
    let appearance = state.appearance
    guard appearance.pictureFormat != nil, let cell = state.viewport.cellPixels else {
      let requests = wants.map { $0.request(in: appearance) }
      thumbnails.cancelAll(except: Set(requests), pictures: [])
      return askCells(wants, requests)
    }
    let requests = wants.compactMap { $0.pictureRequest(in: appearance, cell: cell) }
    let loading = state.loading
    let usesPreviews = settings.usesPreviews
    let inbox = self.inbox
    let picturesReady = ask(
      zip(wants, requests), inFlight: &picturesInFlight,
      isOnShelf: { loading.pictures.hasFinal($0.pictureKey) },
      inMemory: { request in
        thumbnails.cachedPicture(for: request).map {
          .pictureReady(PictureKey(request), result: $0)
        }
      },
      send: { want, request in
        thumbnails.requestPicture(
          request, priority: want.priority.rawValue,
          preview: usesPreviews && want.allowsPreview
        ) { request, result in
          let event = GalleryEvent.pictureReady(PictureKey(request), result: result)
          inbox.post(.result(event, answering: .picture(request), isPreview: result.isPreview))
        }
      },
      reprioritize: { thumbnails.reprioritize($0, priority: $1) })
    // Over a slow link the pictures on screen not yet in pixels show as cell art, a few
    // kilobytes each, while their pixels travel; its work goes once they are in.
    // Those just found in memory count as in: they go into the state after this.
    let shelf = loading.pictures
    let found = Set(
      picturesReady.compactMap { event -> PictureKey? in
        guard case .pictureReady(let key, let result) = event, !result.isPreview else {
          return nil
        }
        return key
      })
    let cellWants =
      appearance.compactPictures
      ? wants.filter {
        $0.priority.rawValue >= ThumbnailPriority.visible.rawValue
          && !shelf.hasFinal($0.pictureKey) && !found.contains($0.pictureKey)
      } : []
    let cellRequests = cellWants.map { $0.request(in: appearance) }
    thumbnails.cancelAll(except: Set(cellRequests), pictures: Set(requests))
    return picturesReady + askCells(cellWants, cellRequests)
  }

  /// `ask` for cell art.
  private func askCells(_ wants: [ThumbnailWant], _ requests: [ThumbnailRequest])
    -> [GalleryEvent]
  {
    guard let thumbnails else { return [] }
    let loading = state.loading
    let usesPreviews = settings.usesPreviews
    return ask(
      zip(wants, requests), inFlight: &inFlight,
      isOnShelf: {
        loading.thumbnails.hasFinal(
          path: $0.path, size: $0.size, crop: $0.crop, painted: $0.paintsClipping)
      },
      inMemory: { request in
        thumbnails.cachedResult(for: request).map {
          .thumbnailReady(
            path: request.path, size: request.size, crop: request.crop,
            painted: request.paintsClipping, result: $0)
        }
      },
      send: { want, request in
        thumbnails.request(
          request, priority: want.priority.rawValue,
          preview: usesPreviews && want.allowsPreview)
      },
      reprioritize: { thumbnails.reprioritize($0, priority: $1) })
  }

  /// Asks for each wanted request whose final result is not on the state's shelf and
  /// that is not already `inFlight`: from memory when the service has it (returned, for
  /// the state), else from the workers. A request on its way whose priority changed
  /// (a prefetched picture now on screen) is moved; those no longer wanted are forgotten
  /// (the caller cancelled them).
  private func ask<Request: Hashable>(
    _ pairs: Zip2Sequence<[ThumbnailWant], [Request]>, inFlight: inout [Request: Int],
    isOnShelf: (ThumbnailWant) -> Bool, inMemory: (Request) -> GalleryEvent?,
    send: (ThumbnailWant, Request) -> Void, reprioritize: (Request, Int) -> Void
  ) -> [GalleryEvent] {
    let wanted = Set(pairs.map(\.1))
    inFlight = inFlight.filter { wanted.contains($0.key) }
    var ready: [GalleryEvent] = []
    for (want, request) in pairs where !isOnShelf(want) {
      let priority = want.priority.rawValue
      if let sent = inFlight[request] {
        if sent != priority {
          inFlight[request] = priority
          reprioritize(request, priority)
        }
      } else if let event = inMemory(request) {
        ready.append(event)
      } else {
        inFlight[request] = priority
        send(want, request)
      }
    }
    return ready
  }
}
