import FoundationEssentials
import Gallery
import Glibc
import Thumbnails

extension GalleryRuntime {
  /// The services the loop drives besides the terminal, each behind a small protocol: the
  /// launch (`GalleryLaunch`) assembles the real ones, the loop's tests fakes.
  package struct Services {
    /// Makes the thumbnail service, given where its results go.
    package var makeThumbnails:
      @MainActor (@escaping ThumbnailPipeline.Completion) -> any ThumbnailService
    /// Finds the pictures; nil shows only what the state already holds.
    package var scanner: (any PictureScanning)?
    /// Whether the shown folders are watched for changes (needs `scanner`).
    package var watchesFolders: Bool
    /// Makes the favourites an older gallery kept decisions, at start; nil: none.
    package var favorites: (any FavoritesMigrating)?
    /// Reads and saves the state file (the order); nil keeps nothing.
    package var stateFile: (any StateFileKeeping)?
    /// Opens pictures with another program (`o`); nil: opening is a failure message.
    package var opener: (any PictureOpener)?
    /// Finds what pictures' files say of themselves (`readDetails`); the default reads
    /// every file's head and keeps no index.
    package var details: any PictureDetailsReading
    /// Finds pictures' perceptual hashes (`readLikeness`); nil: none.
    package var likeness: (any LikenessReading)?
    /// Finds files' content hashes (`readContentHashes`); nil: none, and the duplicates
    /// are told by their likeness alone.
    package var contentHashes: (any ContentHashReading)?
    /// Carries out the actions on files; nil: a `FileActor` for the scanner's folders,
    /// with the Trash and `~` of `environment`, made when the run starts.
    package var fileActions: (any FileActing)?
    /// Runs the user's commands and the key handler; nil: a `CommandRunner` for
    /// `environment`.
    package var commandRunner: (any CommandRunning)?
    /// Keeps the culling decisions on disk (XMP sidecars) and reads them back for the
    /// pictures scanned; nil: decisions last the run.
    package var decisions: (any DecisionKeeping)?
    /// Imports a card from the browser; nil: a `CardImporter` without the library index.
    package var cardImport: (any CardImporting)?
    /// The environment the actions on files and the user's commands see: `HOME` (for
    /// `~` and the Trash), `XDG_DATA_HOME` (the Trash), `XDG_CONFIG_HOME` (the key
    /// handler).
    package var environment: [String: String] = ProcessInfo.processInfo.environment

    package init(
      makeThumbnails:
        @escaping @MainActor (@escaping ThumbnailPipeline.Completion) -> any ThumbnailService,
      scanner: (any PictureScanning)?, watchesFolders: Bool,
      favorites: (any FavoritesMigrating)? = nil,
      stateFile: (any StateFileKeeping)? = nil, opener: (any PictureOpener)? = nil,
      details: any PictureDetailsReading = DetailsReader(index: nil) { stamp in
        ImageDecoder().details(path: stamp.path)
      },
      likeness: (any LikenessReading)? = nil,
      contentHashes: (any ContentHashReading)? = nil,
      fileActions: (any FileActing)? = nil,
      commandRunner: (any CommandRunning)? = nil,
      decisions: (any DecisionKeeping)? = nil,
      cardImport: (any CardImporting)? = nil
    ) {
      self.makeThumbnails = makeThumbnails
      self.scanner = scanner
      self.watchesFolders = watchesFolders
      self.favorites = favorites
      self.stateFile = stateFile
      self.opener = opener
      self.details = details
      self.likeness = likeness
      self.contentHashes = contentHashes
      self.fileActions = fileActions
      self.commandRunner = commandRunner
      self.decisions = decisions
      self.cardImport = cardImport
    }
  }
}
