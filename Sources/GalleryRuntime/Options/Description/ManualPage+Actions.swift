import Gallery

extension ManualPage {
  /// The ACTIONS section: a `.TP` paragraph an action (`KeyAction`), its name and its
  /// standard keys, then how a key is unbound or runs a command.
  package static var actionsSection: String {
    let intro = """
      The actions a key is bound to with **bind** *key* **=** *action* in the configuration \
      file, each with its standard keys.
      """
    let items = KeyAction.allCases.map { action in
      ".TP\n" + ManualText.inline(actionTag(action)) + "\n" + ManualText.roff(action.summary)
    }
    let outro = """
      **none** unbinds a key; **run** *command* and **run-detached** *command* bind a \
      command of your own (see **CONFIGURATION**).
      """
    return ([ManualText.roff(intro)] + items + [".PP\n" + ManualText.roff(outro)])
      .joined(separator: "\n")
  }

  /// `**page-down** (**pagedown**, **ctrl-f**)`: the action's name and its standard keys.
  static func actionTag(_ action: KeyAction) -> String {
    let keys = KeyMap.standard.keys(for: action).map { "**\($0)**" }
    return "**\(action.name)**" + (keys.isEmpty ? "" : " (" + keys.joined(separator: ", ") + ")")
  }
}
