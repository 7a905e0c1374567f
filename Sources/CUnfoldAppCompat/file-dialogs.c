/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "unfold-app-compat.h"

typedef struct {
  UnfoldFilesChosenFunc done;
  gpointer user_data;
  GDestroyNotify destroy;
} Answer;

static Answer *
answer_new (UnfoldFilesChosenFunc done, gpointer user_data, GDestroyNotify destroy)
{
  Answer *answer = g_new (Answer, 1);
  answer->done = done;
  answer->user_data = user_data;
  answer->destroy = destroy;
  return answer;
}

static void
answer_give (Answer *answer, GListModel *files, GtkFileFilter *filter)
{
  answer->done (files, filter, answer->user_data);
  if (answer->destroy)
    answer->destroy (answer->user_data);
  g_free (answer);
}

#if GTK_CHECK_VERSION (4, 10, 0)

static GtkFileDialog *
file_dialog_new (const char *title, const char *accept_label, GListModel *filters)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_accept_label (dialog, accept_label);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_set_filters (dialog, filters);
  if (g_list_model_get_n_items (filters) > 0)
    {
      GtkFileFilter *first = g_list_model_get_item (filters, 0);
      gtk_file_dialog_set_default_filter (dialog, first);
      g_object_unref (first);
    }
  return dialog;
}

static void
files_opened (GObject *source, GAsyncResult *result, gpointer data)
{
  /* Cancelled or dismissed: an error, and no files. */
  GListModel *files = gtk_file_dialog_open_multiple_finish (GTK_FILE_DIALOG (source), result, NULL);
  answer_give (data, files, NULL);
  g_clear_object (&files);
}

static void
file_saved (GObject *source, GAsyncResult *result, gpointer data)
{
  GFile *file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);
  GListStore *files = NULL;
  if (file)
    {
      files = g_list_store_new (G_TYPE_FILE);
      g_list_store_append (files, file);
      g_object_unref (file);
    }
  answer_give (data, files ? G_LIST_MODEL (files) : NULL, NULL);
  g_clear_object (&files);
}

void
unfold_choose_files_to_open (GtkWindow *parent, const char *title, const char *accept_label, GListModel *filters,
                             UnfoldFilesChosenFunc done, gpointer user_data, GDestroyNotify destroy)
{
  GtkFileDialog *dialog = file_dialog_new (title, accept_label, filters);
  /* The operation holds the dialog until it answers. */
  gtk_file_dialog_open_multiple (dialog, parent, NULL, files_opened, answer_new (done, user_data, destroy));
  g_object_unref (dialog);
}

void
unfold_choose_file_to_save (GtkWindow *parent, const char *title, const char *accept_label, GListModel *filters,
                            const char *name, GFile *folder, UnfoldFilesChosenFunc done, gpointer user_data,
                            GDestroyNotify destroy)
{
  GtkFileDialog *dialog = file_dialog_new (title, accept_label, filters);
  gtk_file_dialog_set_initial_name (dialog, name);
  if (folder)
    gtk_file_dialog_set_initial_folder (dialog, folder);
  gtk_file_dialog_save (dialog, parent, NULL, file_saved, answer_new (done, user_data, destroy));
  g_object_unref (dialog);
}

#else /* GTK 4.8: GtkFileChooserNative */

/* GTK keeps no reference to a native chooser: this one is held from its
 * showing until just after it answers, then let go at high priority, before
 * the main loop serves anything else. GTK 4.8 answers a screen reader that
 * asks for a window by an index no longer shown (the chooser just closed)
 * with the last window it has, shown or not; the chooser's hidden dialog has
 * no path on the accessibility bus, and GTK raises a critical. Let go, the
 * dialog is destroyed, and leaves GTK's windows. (Held by its own "response"
 * handler instead, it would keep itself for the app's life.) */
static gboolean
let_go (gpointer chooser)
{
  g_object_unref (chooser);
  return G_SOURCE_REMOVE;
}

static void
chooser_answered (GtkNativeDialog *native, int response, gpointer data)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);
  GListModel *files = NULL;
  GtkFileFilter *filter = NULL;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      files = gtk_file_chooser_get_files (chooser);
      filter = gtk_file_chooser_get_filter (chooser);
    }
  g_signal_handlers_disconnect_by_data (native, data);
  answer_give (data, files, filter);
  g_clear_object (&files);
  g_idle_add_full (G_PRIORITY_HIGH, let_go, native, NULL);
}

static GtkFileChooserNative *
chooser_new (GtkWindow *parent, const char *title, GtkFileChooserAction action, const char *accept_label,
             GListModel *filters)
{
  GtkFileChooserNative *native = gtk_file_chooser_native_new (title, parent, action, accept_label, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      GtkFileFilter *filter = g_list_model_get_item (filters, i);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
      g_object_unref (filter);
    }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  return native;
}

static void
chooser_show (GtkFileChooserNative *native, Answer *answer)
{
  g_signal_connect (native, "response", G_CALLBACK (chooser_answered), answer);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
unfold_choose_files_to_open (GtkWindow *parent, const char *title, const char *accept_label, GListModel *filters,
                             UnfoldFilesChosenFunc done, gpointer user_data, GDestroyNotify destroy)
{
  GtkFileChooserNative *native = chooser_new (parent, title, GTK_FILE_CHOOSER_ACTION_OPEN, accept_label, filters);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), TRUE);
  chooser_show (native, answer_new (done, user_data, destroy));
}

void
unfold_choose_file_to_save (GtkWindow *parent, const char *title, const char *accept_label, GListModel *filters,
                            const char *name, GFile *folder, UnfoldFilesChosenFunc done, gpointer user_data,
                            GDestroyNotify destroy)
{
  GtkFileChooserNative *native = chooser_new (parent, title, GTK_FILE_CHOOSER_ACTION_SAVE, accept_label, filters);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  if (folder)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  chooser_show (native, answer_new (done, user_data, destroy));
}

#endif
