/// Something a user should hear about the library index: what went wrong and what the
/// gallery did about it. The gallery goes on in every case, reading the files themselves
/// for what the index could not answer.
package struct IndexNotice: Hashable, Sendable {
  /// What the gallery did about the problem.
  package enum Outcome: Hashable, Sendable {
    /// The file was damaged or of an older schema, and was made again, empty.
    case rebuilt
    /// The index was left alone for this operation (busy) or for this run (a newer
    /// gallery's, or unusable); the files are read instead.
    case bypassed
    /// The index is read: its answers are used, and nothing is written to it.
    case readOnly
  }

  /// What went wrong.
  package var problem: IndexError
  /// What the gallery did about it.
  package var outcome: Outcome

  package init(_ problem: IndexError, _ outcome: Outcome) {
    self.problem = problem
    self.outcome = outcome
  }

  /// The problem and what was done, as a user reads it on the status line.
  package var sentence: String {
    switch outcome {
    case .rebuilt: problem.sentence + " It was made again; pictures are read anew."
    case .bypassed: problem.sentence + " Pictures are read from their files instead."
    case .readOnly: problem.sentence + " Its answers are used; what is read is not kept."
    }
  }
}
