extension Key: CustomStringConvertible {
  /// The key's name as a person writes it: `q`, `space`, `ctrl-l`, `down`, `pagedown`,
  /// `shift-tab`, `f5`.
  public var description: String {
    switch self {
    case .character(" "): "space"
    case .character(let character): String(character)
    case .control(let character): "ctrl-\(character)"
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .pageUp: "pageup"
    case .pageDown: "pagedown"
    case .home: "home"
    case .end: "end"
    case .insert: "insert"
    case .delete: "delete"
    case .tab: "tab"
    case .backTab: "shift-tab"
    case .enter: "enter"
    case .escape: "escape"
    case .backspace: "backspace"
    case .function(let number): "f\(number)"
    }
  }
}

extension MouseEvent.Kind: CustomStringConvertible {
  /// `click`, `double-click`, `wheel-up`, `wheel-down`, `press`, `drag`, `release`, `move`.
  public var description: String {
    switch self {
    case .click: "click"
    case .doubleClick: "double-click"
    case .wheelUp: "wheel-up"
    case .wheelDown: "wheel-down"
    case .pressed: "press"
    case .dragged: "drag"
    case .released: "release"
    case .moved: "move"
    }
  }
}

extension TerminalEvent: CustomStringConvertible {
  /// The event in a few words: `key down`, `mouse click 3,4`, `resize 80x24`, `wake`.
  public var description: String {
    switch self {
    case .key(let key): "key \(key)"
    case .mouse(let mouse): "mouse \(mouse.kind) \(mouse.x),\(mouse.y)"
    case .resize(let size): "resize \(size.width)x\(size.height)"
    case .wake: "wake"
    case .repaint: "repaint"
    case .terminate(let signal): "terminate \(signal)"
    case .timeout: "timeout"
    }
  }
}
