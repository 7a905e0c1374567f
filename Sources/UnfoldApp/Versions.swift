// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import UnfoldGtk

/// What the libadwaita the app runs with does itself, that the app does by
/// hand on older ones. Asked of the library loaded, not the headers built
/// against: a build against 1.2 runs on 1.7 too.
enum Adwaita {
    static func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        let running = (Int(adw_get_major_version()), Int(adw_get_minor_version()))
        return running >= (major, minor)
    }

    /// libadwaita 1.6 announces each toast as it appears ("A toast
    /// appeared: …", in its own words and the user's language); before, a
    /// toast is not heard, and the app says its words.
    static let announcesToasts = isAtLeast(1, 6)

    /// libadwaita 1.4's AdwViewStack unmaps the page it leaves a frame late:
    /// a Tab pressed meanwhile went into it. 1.2's unmaps at once.
    static let stackUnmapsLate = isAtLeast(1, 4)
}

/// Differences seen between GTK 4.8 (Debian 12) and GTK 4.18 and 4.24
/// (Debian 13 and testing), each asked by name where Unfold works around it.
/// The GTKs between, which no test here runs, take the later side.
extension GTKVersion {
    /// GTK 4.8 names an accessible nobody named after its widget's type
    /// ("GtkScrolledWindow", "GtkPopoverContent"), and a button whose words
    /// are a label inside it after its type too; GTK 4.18 and 4.24 leave
    /// the one unnamed and name the other by its words.
    static let namesWidgetsAfterTheirType = !isAtLeast(9)

    /// GTK 4.8 names a menu button's inner button, the one that takes the
    /// focus, by its own label; GTK 4.18 and 4.24 make it "labelled by" the
    /// menu button, and it says the menu button's name (none, for a group).
    static let namesAMenuButtonInside = !isAtLeast(9)

    /// GTK 4.18 and 4.24 leave a popover menu's items unnamed for assistive
    /// technologies: each is "labelled by" its label, which they leave out of
    /// the tree (a plain GTK program's menus say "menu item" alone). GTK 4.8
    /// names them by that label.
    static let menuItemsLoseTheirLabels = isAtLeast(9)

    /// GTK 4.8 names a button whose label has a mnemonic by that label's
    /// text with its underscore, then its words again ("_Undo Undo"); GTK
    /// 4.18 and 4.24 say its words ("Undo").
    static let namesAButtonByItsMnemonic = !isAtLeast(9)

    /// GTK 4.8 makes a widget's tooltip its accessible description; GTK 4.18
    /// and 4.24 name a button nobody named by its tooltip instead, and
    /// describe nothing by it.
    static let describesByTooltip = !isAtLeast(9)

    /// GTK 4.22 gives each link in a label an accessible object of its own
    /// (GtkAccessibleHyperlink), and on 4.24 one an assistive technology has
    /// read stays in GTK's AT-SPI cache after its label is gone: the next
    /// client to read the cache whole (a screen reader or Accerciser
    /// starting) makes GTK fail an assertion and abort the app. Seen with
    /// the about dialog's licence, whose sentence links to it (a plain
    /// libadwaita program aborts too; the same dialog without the link does
    /// not, nor does GTK 4.18). There the app shows no link in a label.
    static let labelLinksOutliveTheirLabel = isAtLeast(22)

    /// GTK 4.8's expander says it controls its child even while it holds the
    /// child out of the window (collapsed), and a screen reader reading that
    /// relation makes the child's accessible there: as the child comes back
    /// in, GTK fails an assertion ("gtk_at_context_set_accessible_role:
    /// assertion '!self->realized' failed"). GTK 4.18 and 4.24 raise nothing
    /// (the audit and the Native page's tests there, the expander left to GTK).
    static let expanderControlsItsChildOutside = !isAtLeast(9)

    /// GTK 4.8's check button, alone in its group, takes the arrows as a
    /// radio group's: Down toggles it. GTK 4.18 and 4.24 let the arrows move
    /// the focus on (CollectionTests there, with the button left to GTK).
    static let checkButtonAloneTakesTheArrows = !isAtLeast(9)
}
