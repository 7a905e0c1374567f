/* SPDX-License-Identifier: LGPL-2.1-or-later */
#ifndef UNFOLD_CGTK_SHIM_H
#define UNFOLD_CGTK_SHIM_H

/* What Unfold itself logs (GObject's warnings expanded here among them). */
#ifndef G_LOG_DOMAIN
#define G_LOG_DOMAIN "Unfold"
#endif

#include <errno.h>
#include <fcntl.h>
#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>
#include <sys/syscall.h>
#include <unistd.h>

/* GLib's flags, spelt the same whichever way Swift imports them. GLib 2.88
 * marks its flag enums G_GNUC_FLAG_ENUM, and Swift imports such an enum as an
 * option set whose members take Swift names (G_CONNECT_AFTER becomes
 * GConnectFlags.after; no flags at all has no name); older GLibs' enums come
 * in as a struct beside global constants. Swift names a GLib flag here as
 * UNFOLD_<its C name>, which reads the same under both imports and takes its
 * value from GLib's own headers. Flags combine through rawValue, as both
 * imports allow. */
#define UNFOLD_GLIB_FLAG(type, name) static const type UNFOLD_##name = name;
UNFOLD_GLIB_FLAG(GConnectFlags, G_CONNECT_AFTER)
UNFOLD_GLIB_FLAG(GParamFlags, G_PARAM_READABLE)
UNFOLD_GLIB_FLAG(GParamFlags, G_PARAM_WRITABLE)
UNFOLD_GLIB_FLAG(GParamFlags, G_PARAM_EXPLICIT_NOTIFY)
UNFOLD_GLIB_FLAG(GTypeFlags, G_TYPE_FLAG_FINAL)
UNFOLD_GLIB_FLAG(GLogLevelFlags, G_LOG_LEVEL_WARNING)
UNFOLD_GLIB_FLAG(GLogLevelFlags, G_LOG_LEVEL_CRITICAL)
UNFOLD_GLIB_FLAG(GFileTest, G_FILE_TEST_EXISTS)
UNFOLD_GLIB_FLAG(GFileTest, G_FILE_TEST_IS_DIR)
UNFOLD_GLIB_FLAG(GFileTest, G_FILE_TEST_IS_REGULAR)
UNFOLD_GLIB_FLAG(GFileSetContentsFlags, G_FILE_SET_CONTENTS_CONSISTENT)
UNFOLD_GLIB_FLAG(GFileSetContentsFlags, G_FILE_SET_CONTENTS_DURABLE)
UNFOLD_GLIB_FLAG(GKeyFileFlags, G_KEY_FILE_NONE)
UNFOLD_GLIB_FLAG(GKeyFileFlags, G_KEY_FILE_KEEP_COMMENTS)
UNFOLD_GLIB_FLAG(GMarkupParseFlags, G_MARKUP_DEFAULT_FLAGS)
UNFOLD_GLIB_FLAG(GOptionFlags, G_OPTION_FLAG_NO_ARG)
UNFOLD_GLIB_FLAG(GOptionFlags, G_OPTION_FLAG_FILENAME)
UNFOLD_GLIB_FLAG(GResourceLookupFlags, G_RESOURCE_LOOKUP_FLAGS_NONE)
UNFOLD_GLIB_FLAG(GFileMonitorFlags, G_FILE_MONITOR_WATCH_MOVES)
UNFOLD_GLIB_FLAG(GApplicationFlags, G_APPLICATION_HANDLES_COMMAND_LINE)
UNFOLD_GLIB_FLAG(GApplicationFlags, G_APPLICATION_NON_UNIQUE)
UNFOLD_GLIB_FLAG(GDBusCallFlags, G_DBUS_CALL_FLAGS_NONE)
UNFOLD_GLIB_FLAG(GDBusCallFlags, G_DBUS_CALL_FLAGS_NO_AUTO_START)
UNFOLD_GLIB_FLAG(GDBusSignalFlags, G_DBUS_SIGNAL_FLAGS_NONE)
UNFOLD_GLIB_FLAG(GDBusConnectionFlags, G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT)
UNFOLD_GLIB_FLAG(GDBusConnectionFlags, G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION)
#undef UNFOLD_GLIB_FLAG

/* Swift imports neither function-like macros nor C variadic functions.
 * These one-line helpers give it typed, non-variadic entry points. */

static inline GType unfold_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType unfold_type_string(void) { return G_TYPE_STRING; }
static inline GType unfold_type_object(void) { return G_TYPE_OBJECT; }
static inline GType unfold_type_int(void) { return G_TYPE_INT; }
static inline GType unfold_type_uint(void) { return G_TYPE_UINT; }
static inline GType unfold_type_double(void) { return G_TYPE_DOUBLE; }
static inline const GVariantType *unfold_variant_type_string(void) { return G_VARIANT_TYPE_STRING; }
static inline const GVariantType *unfold_variant_type_bytestring(void) { return G_VARIANT_TYPE_BYTESTRING; }
static inline const GVariantType *unfold_variant_type_int32(void) { return G_VARIANT_TYPE_INT32; }

static inline void unfold_accessible_set_expanded(GtkAccessible *accessible, gboolean expanded)
{
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}

static inline void unfold_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden)
{
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

static inline void unfold_accessible_set_label(GtkAccessible *accessible, const char *label)
{
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void unfold_accessible_set_has_popup(GtkAccessible *accessible, gboolean has_popup)
{
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, has_popup, -1);
}

static inline void unfold_accessible_set_description(GtkAccessible *accessible, const char *description)
{
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void unfold_accessible_set_selected(GtkAccessible *accessible, gboolean selected)
{
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

static inline void unfold_accessible_set_level(GtkAccessible *accessible, int level)
{
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}

static inline void unfold_accessible_set_controls(GtkAccessible *accessible, GtkAccessible *controlled)
{
    gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_CONTROLS, controlled, NULL, -1);
}

/* Announces `message` to assistive technologies from `accessible`, politely
 * (after what they are saying) or at once: 1 where GTK announces (4.14), 0
 * where it has no announcement and the caller must find another way. Chosen
 * by the headers built against: a build for 4.14 needs 4.14 to run. */
static inline int unfold_accessible_announce(GtkAccessible *accessible, const char *message, int at_once)
{
#if GTK_CHECK_VERSION(4, 14, 0)
    gtk_accessible_announce(accessible, message,
                            at_once ? GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_HIGH : GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
    return 1;
#else
    (void) accessible;
    (void) message;
    (void) at_once;
    return 0;
#endif
}

/* Whether unfold_accessible_announce announces. */
static inline int unfold_accessible_can_announce(void)
{
    return GTK_CHECK_VERSION(4, 14, 0);
}

/* CSS from `length` bytes. GTK 4.12 deprecates gtk_css_provider_load_from_data
 * for gtk_css_provider_load_from_bytes; 4.8 and 4.10 have only the former. */
static inline void unfold_css_provider_load(GtkCssProvider *provider, const char *css, gsize length)
{
#if GTK_CHECK_VERSION(4, 12, 0)
    GBytes *bytes = g_bytes_new(css, length);
    gtk_css_provider_load_from_bytes(provider, bytes);
    g_bytes_unref(bytes);
#else
    gtk_css_provider_load_from_data(provider, css, (gssize) length);
#endif
}

/* A widget's foreground colour from its style. GTK 4.10 deprecates the style
 * context for gtk_widget_get_color; 4.8 has only the style context. */
static inline void unfold_widget_get_color(GtkWidget *widget, GdkRGBA *color)
{
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
#endif
}

/* GObject's warning for a property ID a class does not know (a macro). */
static inline void unfold_object_warn_invalid_property_id(GObject *object, guint property_id, GParamSpec *pspec)
{
    G_OBJECT_WARN_INVALID_PROPERTY_ID(object, property_id, pspec);
}

/* Warnings and criticals in the library's log domain (g_warning is variadic). */
static inline void unfold_log_warning(const char *message)
{
    g_log("Unfold", G_LOG_LEVEL_WARNING, "%s", message);
}

/* Whether the caller is the process's first thread, the one GTK runs on. */
static inline gboolean unfold_is_main_thread(void)
{
    return getpid() == (pid_t) syscall(SYS_gettid);
}

static inline void unfold_log_critical(const char *message)
{
    g_log("Unfold", G_LOG_LEVEL_CRITICAL, "%s", message);
}

static inline void unfold_log_debug(const char *message)
{
    g_log("Unfold", G_LOG_LEVEL_DEBUG, "%s", message);
}

/* Whether a process has the file at `path` open for writing: 1 yes, 0 no,
 * -1 unknown. A read lease (F_SETLEASE, F_RDLCK) is granted only while no
 * process holds the file open for writing; it is given back at once. Only
 * the file's owner (or a process with CAP_LEASE) may take one, and only on
 * local file systems: elsewhere the answer is unknown. */
#ifndef F_SETLEASE
#define F_SETLEASE 1024  /* Linux's, where <fcntl.h> hides it without _GNU_SOURCE */
#endif
static inline int unfold_file_has_writer(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return -1;
    int answer;
    if (fcntl(fd, F_SETLEASE, F_RDLCK) == 0) {
        fcntl(fd, F_SETLEASE, F_UNLCK);
        answer = 0;
    } else {
        answer = errno == EAGAIN ? 1 : -1;
    }
    close(fd);
    return answer;
}

/* Messages for the terminal that launched this command line (maybe another process). */
static inline void unfold_command_line_printerr(GApplicationCommandLine *command_line, const char *message)
{
    g_application_command_line_printerr(command_line, "%s\n", message);
}

#endif
