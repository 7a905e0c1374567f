// SPDX-License-Identifier: LGPL-2.1-or-later
/// The GTK this process runs with: asked of the library loaded, not of the
/// headers built against, since a build against GTK 4.8 runs on later GTKs
/// too. Each difference between GTKs that Unfold works around is a named
/// property of this type (here, or in an extension beside its users), saying
/// on which GTKs it was seen, and is asked by that name where the work is done.
public enum GTKVersion {
    public static let minor = Int(gtk_get_minor_version())

    /// Whether GTK is 4.`minor` or later.
    public static func isAtLeast(_ minor: Int) -> Bool { self.minor >= minor }

    /// GTK 4.18 and 4.24 tell assistive technologies of every widget as they
    /// map it and hide every one they unmap: `gtk_widget_map` sets the hidden
    /// state false after the widget's "map" handlers, whatever the program had
    /// set. GTK 4.8 keeps what the program set (`Accessibility.keepHidden`).
    public static let mappingShowsEveryWidget = isAtLeast(9)
}
