/// A key as a full-screen program sees it: decoded from the bytes a terminal sends.
public enum Key: Sendable, Hashable {
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, backspace, tab, delete
  /// A printable character, such as `j`, `/` or `é`.
  case character(Character)
  /// A letter typed with Ctrl held, such as `.control("l")` for Ctrl-L.
  case control(Character)
}
