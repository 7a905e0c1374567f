/* SPDX-License-Identifier: GPL-3.0-or-later */
/* unfold-reference: what GTK and libadwaita do alone, for unfold-bench to
 * measure against Unfold doing the same visible work in a separate process.
 *
 *   unfold-reference reveal [GROUPS]   the tutorial's hierarchy (GROUPS copies)
 *                                      in GtkRevealers (slide-down, 250 ms) whose
 *                                      headers turn a pan-end-symbolic image by a
 *                                      CSS transition
 *   unfold-reference labels FILE       a TSV labels file (id, title, category) in
 *                                      GtkStringList + GtkFilterListModel +
 *                                      GtkListView, filtered by a search entry
 *   unfold-reference sample            the tutorial's four labels, the same way
 *
 * The window is Unfold's: 760×620, an AdwHeaderBar holding an
 * AdwViewSwitcherTitle over the same four pages and a menu button. The focus
 * starts on the page's first control, as in Unfold.
 *
 * For the benchmark, every painted frame (a frame-clock cycle in which a
 * surface was rendered: cycles run for ticks and layout too) prints one line
 * on standard output:
 *   frame <end µs, CLOCK_MONOTONIC> <main thread's CPU µs from before-paint to after-paint> <entry text>\t<caption>
 * (the last two for the label pages), and before the first, "renderer <GskRenderer type>". Unfold's side prints the same (unfold-bench-app). */

#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *css =
    "image.ref-chevron { transition: -gtk-icon-transform 250ms ease-in-out; }\n"
    "button.ref-open image.ref-chevron { -gtk-icon-transform: rotate(90deg); }\n"
    /* Unfold's label rows (data/unfold.css), so that both lists draw the same rows. */
    ".ref-row { padding: 12px; border-radius: 8px; color: @window_fg_color;"
    " background-color: mix(@card_bg_color, @accent_bg_color, 0.12); }\n"
    ".ref-row .category { opacity: 0.75; }\n"
    "listview.ref-list, listview.ref-list > row { background: none; padding: 0; }\n"
    "listview.ref-list > row { margin-bottom: 8px; }\n";

static GtkWidget *caption;
static GtkWidget *entry;
static guint total;
static gint64 paint_started;
/* Surfaces rendered since the last before-paint. */
static guint renders;

static gint64 thread_cpu_us(void) {
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (gint64)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static void before_paint(GdkFrameClock *clock, gpointer data) {
    paint_started = thread_cpu_us();
    renders = 0;
}

static void after_paint(GdkFrameClock *clock, GtkWidget *window) {
    gint64 work = thread_cpu_us() - paint_started;
    static gboolean told;
    if (renders == 0)
        return;
    if (!told) {  /* which renderer drew: the benchmark checks it is the one asked for */
        printf("renderer %s\n", G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(window))));
        told = TRUE;
    }
    printf("frame %" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s\t%s\n", g_get_monotonic_time(), work,
           entry ? gtk_editable_get_text(GTK_EDITABLE(entry)) : "", caption ? gtk_label_get_text(GTK_LABEL(caption)) : "");
    fflush(stdout);
}

static gboolean count_render(GSignalInvocationHint *hint, guint n_params, const GValue *params, gpointer data) {
    renders++;
    return TRUE;  /* stay hooked */
}

static void on_realize(GtkWidget *window, gpointer data) {
    static gboolean hooked;
    if (!hooked) {
        g_signal_add_emission_hook(g_signal_lookup("render", GDK_TYPE_SURFACE), 0, count_render, NULL, NULL);
        hooked = TRUE;
    }
    GdkFrameClock *clock = gtk_widget_get_frame_clock(window);
    g_signal_connect(clock, "before-paint", G_CALLBACK(before_paint), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), window);
}

/* ---- Reveal ---- */

static void toggle_group(GtkButton *header, GtkRevealer *revealer) {
    gboolean open = !gtk_revealer_get_reveal_child(revealer);
    gtk_revealer_set_reveal_child(revealer, open);
    if (open)
        gtk_widget_add_css_class(GTK_WIDGET(header), "ref-open");
    else
        gtk_widget_remove_css_class(GTK_WIDGET(header), "ref-open");
}

static GtkWidget *plain_label(const char *text) {
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    return label;
}

/* The same sizes as UnfoldRevealGroup: an 18 px indent, 8 px spacing and bottom padding, 6 px header padding. */
static GtkWidget *group(const char *title, GtkWidget **children, int count, GtkWidget **header_out) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    GtkWidget *chevron = gtk_image_new_from_icon_name("pan-end-symbolic");
    gtk_widget_add_css_class(chevron, "ref-chevron");
    gtk_widget_set_size_request(chevron, 18, -1);
    gtk_widget_set_halign(chevron, GTK_ALIGN_START);
    GtkWidget *label = plain_label(title);
    gtk_widget_set_hexpand(label, TRUE);
    gtk_box_append(GTK_BOX(row), chevron);
    gtk_box_append(GTK_BOX(row), label);
    gtk_widget_set_margin_top(row, 6);
    gtk_widget_set_margin_bottom(row, 6);
    GtkWidget *header = gtk_button_new();
    gtk_button_set_child(GTK_BUTTON(header), row);
    gtk_widget_add_css_class(header, "flat");
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_set_margin_bottom(content, 8);
    gtk_widget_set_margin_start(content, 18);
    for (int i = 0; i < count; i++) gtk_box_append(GTK_BOX(content), children[i]);
    GtkWidget *revealer = gtk_revealer_new();
    gtk_revealer_set_transition_type(GTK_REVEALER(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
    gtk_revealer_set_transition_duration(GTK_REVEALER(revealer), 250);
    gtk_revealer_set_child(GTK_REVEALER(revealer), content);
    g_signal_connect(header, "clicked", G_CALLBACK(toggle_group), revealer);
    gtk_box_append(GTK_BOX(box), header);
    gtk_box_append(GTK_BOX(box), revealer);
    if (header_out) *header_out = header;
    return box;
}

static GtkWidget *reveal_page(int copies, GtkWidget **first_control) {
    GtkWidget *stack = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_margin_top(stack, 16);
    gtk_widget_set_margin_bottom(stack, 16);
    gtk_widget_set_margin_start(stack, 16);
    gtk_widget_set_margin_end(stack, 16);
    for (int copy = 0; copy < copies; copy++) {
        GtkWidget *shapes_children[] = {plain_label("Circle"), plain_label("Square")};
        GtkWidget *collection_children[] = {group("Shapes", shapes_children, 2, NULL), plain_label("Palette")};
        GtkWidget *header;
        gtk_box_append(GTK_BOX(stack), group("Collection", collection_children, 2, &header));
        if (copy == 0) *first_control = header;
        GtkWidget *following = plain_label("Following item");
        gtk_widget_set_margin_top(following, 8);
        gtk_widget_set_margin_bottom(following, 8);
        gtk_box_append(GTK_BOX(stack), following);
    }
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), stack);
    return scrolled;
}

/* ---- Labels ---- */

static GtkFilterListModel *filtered;
static GtkStringFilter *string_filter;

static void update_caption(void) {
    if (gtk_filter_list_model_get_pending(filtered) > 0) return;  /* the count is final only then */
    char text[64];
    snprintf(text, sizeof text, "%u of %u labels", g_list_model_get_n_items(G_LIST_MODEL(filtered)), total);
    gtk_label_set_text(GTK_LABEL(caption), text);
}

static void on_items_changed(GListModel *model, guint position, guint removed, guint added, gpointer data) { update_caption(); }
static void on_pending(GObject *model, GParamSpec *pspec, gpointer data) { update_caption(); }

static void on_search_changed(GtkSearchEntry *search, gpointer data) {
    /* Until the new search's count is final (as Unfold's caption does): the
     * last search's count is not this one's, and unfold-bench waits for a
     * count. A filter that finishes within set_search replaces it at once. */
    gtk_label_set_text(GTK_LABEL(caption), "Filtering…");
    gtk_string_filter_set_search(string_filter, gtk_editable_get_text(GTK_EDITABLE(search)));
    update_caption();
}

/* A row as Unfold draws one: the title, the category, a flat pencil button. */
static void setup_item(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_add_css_class(row, "ref-row");
    GtkWidget *title = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
    gtk_widget_set_hexpand(title, TRUE);
    GtkWidget *category = gtk_label_new("");
    gtk_widget_add_css_class(category, "category");
    GtkWidget *edit = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(edit), "document-edit-symbolic");
    gtk_menu_button_set_has_frame(GTK_MENU_BUTTON(edit), FALSE);
    gtk_menu_button_set_popover(GTK_MENU_BUTTON(edit), gtk_popover_new());
    gtk_widget_set_valign(edit, GTK_ALIGN_CENTER);
    gtk_box_append(GTK_BOX(row), title);
    gtk_box_append(GTK_BOX(row), category);
    gtk_box_append(GTK_BOX(row), edit);
    gtk_list_item_set_child(item, row);
}

static void bind_item(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    const char *text = gtk_string_object_get_string(gtk_list_item_get_item(item));
    GtkWidget *title = gtk_widget_get_first_child(gtk_list_item_get_child(item));
    gtk_label_set_text(GTK_LABEL(title), text);
    /* GtkStringList holds one string per item: the category drawn is a word
     * of the same length, not the file's (the drawing is what is compared). */
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_next_sibling(title)), strlen(text) % 2 ? "Dot" : "Tile");
}

/* Titles from a TSV file: the second field of each line, a header line skipped. */
static GtkStringList *read_titles(const char *path) {
    GError *error = NULL;
    GMappedFile *file = g_mapped_file_new(path, FALSE, &error);
    if (!file) {
        fprintf(stderr, "unfold-reference: %s\n", error->message);
        exit(1);
    }
    GtkStringList *strings = gtk_string_list_new(NULL);
    const char *cursor = g_mapped_file_get_contents(file), *end = cursor + g_mapped_file_get_length(file);
    gboolean first = TRUE;
    while (cursor < end) {
        const char *line_end = memchr(cursor, '\n', end - cursor);
        if (!line_end) line_end = end;
        const char *tab = memchr(cursor, '\t', line_end - cursor);
        const char *tab2 = tab ? memchr(tab + 1, '\t', line_end - tab - 1) : NULL;
        if (tab && tab2 && !(first && strncmp(cursor, "id\t", 3) == 0)) {
            char *title = g_strndup(tab + 1, tab2 - tab - 1);
            gtk_string_list_take(strings, title);
        }
        first = FALSE;
        cursor = line_end + 1;
    }
    g_mapped_file_unref(file);
    return strings;
}

static GtkWidget *labels_page(GtkStringList *strings, GtkWidget **first_control) {
    total = g_list_model_get_n_items(G_LIST_MODEL(strings));
    GtkExpression *expression = gtk_property_expression_new(GTK_TYPE_STRING_OBJECT, NULL, "string");
    string_filter = gtk_string_filter_new(expression);
    gtk_string_filter_set_ignore_case(string_filter, TRUE);
    gtk_string_filter_set_match_mode(string_filter, GTK_STRING_FILTER_MATCH_MODE_SUBSTRING);
    filtered = gtk_filter_list_model_new(G_LIST_MODEL(strings), GTK_FILTER(string_filter));
    gtk_filter_list_model_set_incremental(filtered, TRUE);
    g_signal_connect(filtered, "items-changed", G_CALLBACK(on_items_changed), NULL);
    g_signal_connect(filtered, "notify::pending", G_CALLBACK(on_pending), NULL);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_item), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_item), NULL);
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(filtered))), factory);
    gtk_widget_add_css_class(list, "ref-list");
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_widget_set_vexpand(scrolled, TRUE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);

    entry = gtk_search_entry_new();
    g_object_set(entry, "search-delay", 0, NULL);  /* as Unfold's: a key filters at once */
    gtk_widget_set_hexpand(entry, TRUE);
    g_signal_connect(entry, "search-changed", G_CALLBACK(on_search_changed), NULL);
    GtkWidget *controls = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_box_append(GTK_BOX(controls), entry);
    gtk_box_append(GTK_BOX(controls), gtk_check_button_new_with_label("Tiles only"));
    caption = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(caption), 0);
    gtk_widget_add_css_class(caption, "caption");
    update_caption();
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_set_margin_top(page, 16);
    gtk_widget_set_margin_bottom(page, 16);
    gtk_widget_set_margin_start(page, 16);
    gtk_widget_set_margin_end(page, 16);
    gtk_box_append(GTK_BOX(page), controls);
    gtk_box_append(GTK_BOX(page), caption);
    gtk_box_append(GTK_BOX(page), scrolled);
    *first_control = entry;
    return page;
}

/* ---- The window ---- */

static int copies = 1;
static const char *mode;
static const char *path;

static void activate(GtkApplication *app, gpointer data) {
    GtkCssProvider *provider = gtk_css_provider_new();
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, css);
#else
    gtk_css_provider_load_from_data(provider, css, -1);
#endif
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkWidget *first_control = NULL;
    GtkWidget *page;
    const char *shown;
    if (strcmp(mode, "reveal") == 0) {
        page = reveal_page(copies, &first_control);
        shown = "reveal";
    } else {
        GtkStringList *strings;
        if (strcmp(mode, "labels") == 0) {
            strings = read_titles(path);
        } else {
            const char *sample[] = {"Tile A", "Dot A", "Tile B", "Dot B", NULL};
            strings = gtk_string_list_new(sample);
        }
        page = labels_page(strings, &first_control);
        shown = "collection";
    }
    GtkWidget *stack = adw_view_stack_new();
    const char *names[] = {"reveal", "native", "outline", "collection"};
    const char *titles[] = {"Reveal", "Native", "Outline", "Collection"};
    const char *icons[] = {"view-reveal-symbolic", "view-list-symbolic", "view-list-bullet-symbolic", "view-grid-symbolic"};
    for (int i = 0; i < 4; i++) {
        GtkWidget *child = strcmp(names[i], shown) == 0 ? page : gtk_label_new(titles[i]);
        adw_view_stack_add_titled_with_icon(ADW_VIEW_STACK(stack), child, names[i], titles[i], icons[i]);
    }
    adw_view_stack_set_visible_child_name(ADW_VIEW_STACK(stack), shown);
    GtkWidget *header = adw_header_bar_new();
    /* The page switcher in the header, as the app has it: libadwaita 1.4
     * deprecates the view switcher title for a plain switcher there. */
#if ADW_CHECK_VERSION(1, 4, 0)
    GtkWidget *switcher = adw_view_switcher_new();
    adw_view_switcher_set_policy(ADW_VIEW_SWITCHER(switcher), ADW_VIEW_SWITCHER_POLICY_WIDE);
    adw_view_switcher_set_stack(ADW_VIEW_SWITCHER(switcher), ADW_VIEW_STACK(stack));
#else
    GtkWidget *switcher = adw_view_switcher_title_new();
    adw_view_switcher_title_set_stack(ADW_VIEW_SWITCHER_TITLE(switcher), ADW_VIEW_STACK(stack));
#endif
    adw_header_bar_set_title_widget(ADW_HEADER_BAR(header), switcher);
    GtkWidget *menu = gtk_menu_button_new();
    gtk_menu_button_set_icon_name(GTK_MENU_BUTTON(menu), "open-menu-symbolic");
    GMenu *items = g_menu_new();
    g_menu_append(items, "_About", "app.about");
    gtk_menu_button_set_menu_model(GTK_MENU_BUTTON(menu), G_MENU_MODEL(items));
    g_object_unref(items);
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), menu);
    GtkWidget *content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(content), header);
    gtk_widget_set_vexpand(stack, TRUE);
    gtk_box_append(GTK_BOX(content), stack);

    GtkWidget *window = adw_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 760, 620);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), content);
    g_signal_connect(window, "realize", G_CALLBACK(on_realize), NULL);
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_grab_focus(first_control);
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "reveal") == 0 && argc <= 3) {
        mode = "reveal";
        if (argc == 3) copies = atoi(argv[2]);
    } else if (argc == 3 && strcmp(argv[1], "labels") == 0) {
        mode = "labels";
        path = argv[2];
    } else if (argc == 2 && strcmp(argv[1], "sample") == 0) {
        mode = "sample";
    } else {
        fprintf(stderr, "usage: unfold-reference reveal [GROUPS] | labels FILE | sample\n");
        return 2;
    }
    if (copies < 1) {
        fprintf(stderr, "unfold-reference: GROUPS must be a whole number of 1 or more\n");
        return 2;
    }
    AdwApplication *app = adw_application_new("io.github.unfold.Reference", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *no_arguments[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(app), 1, no_arguments);
    g_object_unref(app);
    return status;
}
