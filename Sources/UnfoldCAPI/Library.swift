// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldWidgets

// What libunfold-1 is beside its widgets' own functions (unfold-main.h).

/// `void unfold_init (void)`: registers every Unfold type at once. Each type
/// also registers itself on its first `_get_type ()`, as GTK's do, so this is
/// only for GtkBuilder files read before any Unfold function was called.
@_cdecl("unfold_init")
public func unfoldInit() {
    API.call("unfold_init", ()) { UnfoldTypes.register() }
}
