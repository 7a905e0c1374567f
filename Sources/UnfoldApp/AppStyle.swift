// SPDX-License-Identifier: GPL-3.0-or-later
import CUnfoldAdw
import UnfoldGtk

/// How Unfold looks: libadwaita's style (light or dark as the user chooses,
/// high contrast when the desktop asks for it) and Unfold's own stylesheet
/// over it, in the light, dark and high-contrast variants libadwaita's named
/// colours give it.
@MainActor
public enum AppStyle {
    /// The main menu's choice, remembered with the window state.
    public enum Scheme: String, CaseIterable, Sendable {
        /// The desktop's preference (light when it has none).
        case follow
        case light
        case dark

        var adwaita: AdwColorScheme {
            switch self {
            case .follow: ADW_COLOR_SCHEME_PREFER_LIGHT
            case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
            case .dark: ADW_COLOR_SCHEME_FORCE_DARK
            }
        }
    }

    private static var stylesheet: Stylesheet?
    private static var highContrastStylesheet: Stylesheet?

    /// Sets up libadwaita and Unfold's stylesheets and icons for the display
    /// (once; the application does it at startup).
    public static func load() throws(Stylesheet.LoadError) {
        guard stylesheet == nil else { return }
        AppResources.register()
        adw_init()
        let base = try Stylesheet(css: AppResources.data("unfold.css"), name: "unfold.css")
        base.add()
        stylesheet = base
        highContrastStylesheet = try Stylesheet(css: AppResources.data("unfold-hc.css"), name: "unfold-hc.css")
        let manager = styleManager
        followHighContrast()
        onNotify(UnsafeMutableRawPointer(manager), "high-contrast") { AppStyle.followHighContrast() }
        // GtkApplication adds these itself; windows made without one need them too.
        if let display = gdk_display_get_default() {
            gtk_icon_theme_add_resource_path(gtk_icon_theme_get_for_display(display), AppResources.path("icons"))
        }
        gtk_window_set_default_icon_name(UnfoldApplication.applicationID)
    }

    static var styleManager: OpaquePointer { adw_style_manager_get_default()! }

    /// Whether windows are dark now.
    public static var isDark: Bool { adw_style_manager_get_dark(styleManager) != 0 }

    /// Whether the desktop asks for high contrast now.
    public static var isHighContrast: Bool { adw_style_manager_get_high_contrast(styleManager) != 0 }

    public static var scheme: Scheme {
        switch adw_style_manager_get_color_scheme(styleManager) {
        case ADW_COLOR_SCHEME_FORCE_LIGHT: .light
        case ADW_COLOR_SCHEME_FORCE_DARK: .dark
        default: .follow
        }
    }

    /// Applies `scheme` to every window, at once.
    public static func apply(_ scheme: Scheme) {
        adw_style_manager_set_color_scheme(styleManager, scheme.adwaita)
    }

    private static func followHighContrast() {
        if isHighContrast { highContrastStylesheet?.add() } else { highContrastStylesheet?.remove() }
    }
}
