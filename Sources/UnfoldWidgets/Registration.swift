// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk

/// Every Unfold widget type, registered with GObject.
public enum UnfoldTypes {
    public static let all: [WidgetImplementation.Type] = [Reveal.self, Chevron.self, RevealGroup.self, ListView.self, ListRow.self]

    /// Registers them all (once; later calls do nothing), from any thread:
    /// then `g_type_from_name("UnfoldRevealGroup")` and GtkBuilder files find them.
    public static func register() {
        for type in all { _ = type.gType }
    }
}
