// SPDX-License-Identifier: LGPL-2.1-or-later
import UnfoldGtk
import UnfoldWidgets

// UnfoldListView's C API (unfold-list-view.h, where each function is documented).

@MainActor
private func list(_ pointer: UnsafeMutableRawPointer?, _ function: StaticString) -> ListView? {
    API.instance(pointer, as: ListView.self, function, "UNFOLD_IS_LIST_VIEW (self)")
}

/// A C callback's user data, whose destroy notify runs when Swift lets go.
/// (The function itself is held beside it, in the closure that calls it: a
/// C function held as a generic class's property crashes Debian 13's Swift,
/// 6.0.3, as it lowers the call.)
final class UserData {
    let data: UnsafeMutableRawPointer?
    let destroy: GDestroyNotify?

    init(_ data: UnsafeMutableRawPointer?, _ destroy: GDestroyNotify?) {
        self.data = data
        self.destroy = destroy
    }

    deinit { destroy?(data) }
}

public typealias CreateWidgetFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GtkWidget>?
public typealias KeyFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CChar>?

@_cdecl("unfold_list_view_get_type")
public func unfoldListViewGetType() -> GType {
    ListView.gType  // any thread, as GObject allows
}

@_cdecl("unfold_list_view_new")
public func unfoldListViewNew() -> UnsafeMutablePointer<GtkWidget>? {
    API.call("unfold_list_view_new", nil) { ListView.make().widget }
}

@_cdecl("unfold_list_view_bind_model")
public func unfoldListViewBindModel(_ self: UnsafeMutableRawPointer?, _ model: UnsafeMutableRawPointer?,
                                    _ createWidget: CreateWidgetFunction?, _ userData: UnsafeMutableRawPointer?,
                                    _ userDataFree: GDestroyNotify?) {
    API.call("unfold_list_view_bind_model", ()) {
        guard let list = list(self, "unfold_list_view_bind_model"),
              API.require(model == nil || g_type_check_instance_is_a(gCast(model!), g_list_model_get_type()) != 0,
                          "unfold_list_view_bind_model", "model == NULL || G_IS_LIST_MODEL (model)"),
              API.require(model == nil || createWidget != nil,
                          "unfold_list_view_bind_model", "model == NULL || create_widget_func != NULL")
        else {
            userDataFree?(userData)
            return
        }
        guard let model, let createWidget else {
            list.bind(model: nil)
            userDataFree?(userData)
            return
        }
        list.bind(model: model, createWidget: rowMaker(createWidget, UserData(userData, userDataFree)))
    }
}

/// What the list calls for each row of a binding: the C function, checked.
@MainActor
private func rowMaker(_ function: @escaping CreateWidgetFunction, _ userData: UserData) -> ListView.CreateWidget {
    // One mistake in the function is made for every row: said once per binding.
    var told = false
    let tell = { (problem: String) in
        guard !told else { return }
        told = true
        unfold_log_critical("UnfoldListView: the create-widget function returned \(problem); such rows show nothing (said once)")
    }
    return { item in
        guard let made = function(item, userData.data) else {
            tell("NULL")
            return gtk_label_new("")!
        }
        guard API.isWidget(made), !API.isRoot(made) else {
            // Not a widget, or a window: GTK's own functions would crash
            // or abort on it. (Owned, it is let go.)
            tell("a \(String(cString: g_type_name_from_instance(gCast(made)))), not a widget that can be a row")
            // A window is GTK's to keep (gtk_window_new gives the caller
            // no reference of its own, whatever the function promised).
            if g_type_check_instance_is_a(gCast(made), g_object_get_type()) != 0, !API.isWidget(made) { g_object_unref(made) }
            return gtk_label_new("")!
        }
        return made
    }
}

@_cdecl("unfold_list_view_set_key_func")
public func unfoldListViewSetKeyFunc(_ self: UnsafeMutableRawPointer?, _ keyFunction: KeyFunction?,
                                     _ userData: UnsafeMutableRawPointer?, _ destroy: GDestroyNotify?) {
    API.call("unfold_list_view_set_key_func", ()) {
        guard let list = list(self, "unfold_list_view_set_key_func") else {
            destroy?(userData)
            return
        }
        guard let keyFunction else {
            list.itemKey = nil
            destroy?(userData)
            return
        }
        let data = UserData(userData, destroy)
        list.itemKey = { item in
            guard let key = keyFunction(item, data.data) else { return .object(UInt(bitPattern: item)) }
            defer { g_free(key) }
            return .text(String(cString: key))
        }
    }
}

@_cdecl("unfold_list_view_get_model")
public func unfoldListViewGetModel(_ self: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    API.call("unfold_list_view_get_model", nil) { list(self, "unfold_list_view_get_model")?.model }
}

@_cdecl("unfold_list_view_get_transition_duration")
public func unfoldListViewGetTransitionDuration(_ self: UnsafeMutableRawPointer?) -> guint {
    API.call("unfold_list_view_get_transition_duration", 0) { list(self, "unfold_list_view_get_transition_duration")?.transitionDuration ?? 0 }
}

@_cdecl("unfold_list_view_set_transition_duration")
public func unfoldListViewSetTransitionDuration(_ self: UnsafeMutableRawPointer?, _ duration: guint) {
    API.call("unfold_list_view_set_transition_duration", ()) {
        list(self, "unfold_list_view_set_transition_duration")?.setTransitionDuration(duration)
    }
}
