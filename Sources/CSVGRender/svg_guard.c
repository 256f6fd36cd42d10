#define _GNU_SOURCE
#include "svg_guard.h"
#include "libxml2_loader.h"
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <pthread.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <strings.h>

/* libxml2's SAX entry point, resolved once through the loader the HTML tokens share. */
static struct {
    int loaded;
    int (*user_parse_memory)(xmlSAXHandlerPtr, void *, const char *, int);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_libxml2(void) {
    *(void **)(&api.user_parse_memory) = mdv_libxml2_symbol("xmlSAXUserParseMemory");
    api.loaded = api.user_parse_memory != NULL;
}

/* The same cap as librsvg's own MAX_LOADED_ELEMENTS; references beyond the second cap are refused too. */
enum { MAX_ELEMENTS = 1000000, MAX_REFERENCES = 100000, MAX_DEPTH = 512 };

typedef struct { char *name; int element; } named;
typedef struct { int owner; char *target; int resolved; } reference;

typedef struct {
    int *parent, *subtree;
    int count, capacity;
    named *ids;
    int id_count, id_capacity;
    reference *refs;
    int ref_count, ref_capacity;
    int stack[MAX_DEPTH];
    int depth;
    int style_depth;     /* > 0 inside a <style> element */
    char carry[8];       /* the last bytes of the previous text callback, so "url(#" split across two is seen */
    int style_references;
    mdview_svg_filters filters;
    char **data_urls;
    int data_url_count, data_url_capacity;
    int entities;  /* an internal DTD declared entities (never expanded: such a document is refused) */
    int overflow;  /* a cap was reached: too complex */
    int failed;    /* out of memory */
} graph;

static int grow(void **items, int *capacity, size_t size) {
    int next = *capacity ? *capacity * 2 : 64;
    void *grown = realloc(*items, (size_t)next * size);
    if (!grown) return 0;
    *items = grown;
    *capacity = next;
    return 1;
}

static void add_reference(graph *g, int owner, const char *start, size_t length) {
    if (length == 0) return;
    if (g->ref_count >= MAX_REFERENCES) { g->overflow = 1; return; }
    if (g->ref_count == g->ref_capacity && !grow((void **)&g->refs, &g->ref_capacity, sizeof(reference))) {
        g->failed = 1;
        return;
    }
    char *target = strndup(start, length);
    if (!target) { g->failed = 1; return; }
    g->refs[g->ref_count++] = (reference){owner, target, -1};
}

/* Every `url(#name)` in an attribute value (fill, clip-path, mask, filter, style, …). */
static void scan_urls(graph *g, int owner, const char *value, size_t length) {
    const char *end = value + length;
    for (const char *p = value; p + 5 <= end; p++) {
        if (memcmp(p, "url(", 4) != 0) continue;
        const char *q = p + 4;
        while (q < end && (*q == ' ' || *q == '\'' || *q == '"')) q++;
        if (q >= end || *q != '#') continue;
        const char *name = ++q;
        while (q < end && *q != ')' && *q != ' ' && *q != '\'' && *q != '"') q++;
        add_reference(g, owner, name, (size_t)(q - name));
    }
}

/* The largest of the one or two numbers of a feMorphology radius ("3" or "3 5"); negative or unreadable
   values count as 0, as librsvg then draws nothing. */
static double largest_radius(const char *value, size_t length) {
    char text[64];
    if (length >= sizeof text) length = sizeof text - 1;
    memcpy(text, value, length);
    text[length] = 0;
    double largest = 0;
    char *at = text;
    for (int i = 0; i < 2; i++) {
        char *end = NULL;
        double r = strtod(at, &end);
        if (end == at) break;
        if (isfinite(r) && r > largest) largest = r;
        at = end;
        while (*at == ' ' || *at == ',' || *at == '\t' || *at == '\n') at++;
    }
    return largest;
}

/* Counts filter primitives, the elements applying a filter, and feMorphology's radius. */
static void count_filters(mdview_svg_filters *f, const char *name, int attribute_count, const xmlChar **attributes) {
    int primitive = name[0] == 'f' && name[1] == 'e' && name[2] >= 'A' && name[2] <= 'Z';
    int morphology = strcmp(name, "feMorphology") == 0;
    if (primitive) f->primitives++;
    if (morphology) f->morphology_count++;
    for (int i = 0; i < attribute_count; i++) {
        const char *attribute = (const char *)attributes[i * 5];
        const char *value = (const char *)attributes[i * 5 + 3];
        size_t length = (size_t)(attributes[i * 5 + 4] - attributes[i * 5 + 3]);
        if (strcmp(attribute, "filter") == 0 || (strcmp(attribute, "style") == 0 && memmem(value, length, "filter", 6))) {
            f->uses++;
        } else if (morphology && strcmp(attribute, "radius") == 0) {
            double r = largest_radius(value, length);
            if (r > f->morphology_radius) f->morphology_radius = r;
        }
    }
}

static void on_start(void *context, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                     int namespace_count, const xmlChar **namespaces, int attribute_count, int defaulted,
                     const xmlChar **attributes) {
    (void)prefix; (void)uri; (void)namespace_count; (void)namespaces; (void)defaulted;
    graph *g = context;
    if (g->overflow || g->failed) return;
    if (g->count >= MAX_ELEMENTS || g->depth >= MAX_DEPTH) { g->overflow = 1; return; }
    if (g->count == g->capacity) {
        int capacity = g->capacity;
        if (!grow((void **)&g->parent, &capacity, sizeof(int))) { g->failed = 1; return; }
        capacity = g->capacity;
        if (!grow((void **)&g->subtree, &capacity, sizeof(int))) { g->failed = 1; return; }
        g->capacity = capacity;
    }
    if (strcmp((const char *)localname, "style") == 0) {
        g->style_depth++;
        g->carry[0] = 0;
    }
    count_filters(&g->filters, (const char *)localname, attribute_count, attributes);
    int element = g->count++;
    g->parent[element] = g->depth > 0 ? g->stack[g->depth - 1] : -1;
    g->subtree[element] = 1;
    g->stack[g->depth++] = element;
    for (int i = 0; i < attribute_count; i++) {
        const char *name = (const char *)attributes[i * 5];
        const char *value = (const char *)attributes[i * 5 + 3];
        size_t length = (size_t)(attributes[i * 5 + 4] - attributes[i * 5 + 3]);
        if (strcmp(name, "id") == 0 && attributes[i * 5 + 1] == NULL) {
            if (g->id_count == g->id_capacity && !grow((void **)&g->ids, &g->id_capacity, sizeof(named))) {
                g->failed = 1;
                return;
            }
            char *id = strndup(value, length);
            if (!id) { g->failed = 1; return; }
            g->ids[g->id_count++] = (named){id, element};
        } else if (strcmp(name, "href") == 0) {
            if (length > 1 && value[0] == '#') add_reference(g, element, value + 1, length - 1);
            if (length > 5 && strncasecmp(value, "data:", 5) == 0) {
                if (g->data_url_count >= 256) { g->overflow = 1; return; }
                if (g->data_url_count == g->data_url_capacity &&
                    !grow((void **)&g->data_urls, &g->data_url_capacity, sizeof(char *))) {
                    g->failed = 1;
                    return;
                }
                char *url = strndup(value, length);
                if (!url) { g->failed = 1; return; }
                g->data_urls[g->data_url_count++] = url;
            }
        } else {
            scan_urls(g, element, value, length);
        }
    }
}

static void on_end(void *context, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)prefix; (void)uri;
    graph *g = context;
    if (g->depth > 0) g->depth--;
    if (g->style_depth > 0 && strcmp((const char *)localname, "style") == 0) g->style_depth--;
}

/* Text of a <style> sheet: a `url(#…)` there applies to whatever its selectors match, which this count
   cannot follow, so such a document is refused (badges never have one). */
static void on_text(void *context, const xmlChar *text, int length) {
    graph *g = context;
    if (g->style_depth == 0 || length <= 0) return;
    char window[16 + 8];
    size_t carried = strlen(g->carry);
    for (int start = 0; start < length; start += 16) {
        int n = length - start < 16 ? length - start : 16;
        memcpy(window, g->carry, carried);
        memcpy(window + carried, text + start, (size_t)n);
        size_t total = carried + (size_t)n;
        for (size_t i = 0; i + 5 <= total; i++) {
            if (memcmp(window + i, "url(", 4) != 0) continue;
            size_t j = i + 4;
            while (j < total && (window[j] == ' ' || window[j] == '\'' || window[j] == '"')) j++;
            if (j < total && window[j] == '#') g->style_references = 1;
        }
        carried = total < 7 ? total : 7;
        memmove(g->carry, window + total - carried, carried);
        g->carry[carried] = 0;
    }
}

/* Only noted, never stored: a reference to the entity is then undefined, and the parse fails. */
static void on_entity(void *context, const xmlChar *name, int type, const xmlChar *public_id,
                      const xmlChar *system_id, xmlChar *content) {
    (void)name; (void)type; (void)public_id; (void)system_id; (void)content;
    ((graph *)context)->entities = 1;
}

static void ignore_message(void *context, const char *message, ...) { (void)context; (void)message; }
static void ignore_structured(void *context, xmlErrorPtr error) { (void)context; (void)error; }

static int by_name(const void *a, const void *b) {
    int order = strcmp(((const named *)a)->name, ((const named *)b)->name);
    return order ? order : ((const named *)a)->element - ((const named *)b)->element;
}

static int by_owner(const void *a, const void *b) {
    return ((const reference *)a)->owner - ((const reference *)b)->owner;
}

typedef struct {
    graph *g;
    long *cost;       /* per element: instances when rendered or referenced, -1 unknown */
    int *chain_below; /* per element: the longest chain of references starting inside it */
    char *visiting;
    long limit, work;
    int max_chain, too_complex;
} measure;

/* The first reference whose owner is at or after `element` (references are sorted by owner). */
static int first_reference(const graph *g, int element) {
    int low = 0, high = g->ref_count;
    while (low < high) {
        int middle = (low + high) / 2;
        if (g->refs[middle].owner < element) low = middle + 1; else high = middle;
    }
    return low;
}

/* Instances `element` stands for: its subtree, plus what each reference inside it expands to. A cycle
   counts nothing (librsvg detects it and draws nothing for it). Saturates just above the limit. */
static long cost_of(measure *m, int element, int hops) {
    graph *g = m->g;
    if (m->cost[element] >= 0) return m->cost[element];
    if (m->visiting[element]) return 0;
    if (hops > m->max_chain) { m->too_complex = 1; return m->limit + 1; }
    m->visiting[element] = 1;
    long total = g->subtree[element];
    int chain = 0;
    int end = element + g->subtree[element];
    for (int r = first_reference(g, element); r < g->ref_count && g->refs[r].owner < end; r++) {
        if (++m->work > 50L * 1000 * 1000) { m->too_complex = 1; break; }
        int target = g->refs[r].resolved;
        if (target < 0) continue;
        total += cost_of(m, target, hops + 1);
        if (m->chain_below[target] + 1 > chain) chain = m->chain_below[target] + 1;
        if (chain > m->max_chain) m->too_complex = 1;
        if (total > m->limit || m->too_complex) { total = m->limit + 1; break; }
    }
    m->visiting[element] = 0;
    m->cost[element] = total;
    m->chain_below[element] = chain;
    return total;
}

static void release(graph *g) {
    for (int i = 0; i < g->id_count; i++) free(g->ids[i].name);
    for (int i = 0; i < g->ref_count; i++) free(g->refs[i].target);
    free(g->ids);
    free(g->refs);
    free(g->parent);
    free(g->subtree);
}

void mdview_svg_guard(const unsigned char *data, size_t length, long max_instances, int max_chain,
                      mdview_svg_guard_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&load_once, load_libxml2);
    if (!api.loaded) { result->outcome = MDVIEW_SVG_GUARD_NO_LIBRARY; return; }
    if (length > (size_t)0x7fffffff) { result->outcome = MDVIEW_SVG_GUARD_TOO_COMPLEX; return; }
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    /* Only the element structure. Every other callback stays NULL: libxml2's SAX2 defaults expect its
       parser context as their user data, and would build a tree and substitute entities. */
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;
    sax.characters = on_text;
    sax.cdataBlock = on_text;
    sax.entityDecl = on_entity;
    sax.warning = ignore_message;
    sax.error = ignore_message;
    sax.fatalError = ignore_message;
    sax.serror = ignore_structured;
    graph g;
    memset(&g, 0, sizeof g);
    int status = api.user_parse_memory(&sax, &g, (const char *)data, (int)length);
    result->elements = g.count;
    result->filters = g.filters;
    /* The caller owns the data URLs (released by mdview_svg_guard_result_free). */
    result->data_urls = g.data_urls;
    result->data_url_count = g.data_url_count;
    if (g.overflow || g.failed) {
        result->outcome = MDVIEW_SVG_GUARD_TOO_COMPLEX;
        release(&g);
        return;
    }
    if (status != 0 || g.count == 0) {
        result->outcome = g.entities ? MDVIEW_SVG_GUARD_ENTITIES : MDVIEW_SVG_GUARD_MALFORMED;
        release(&g);
        return;
    }
    if (g.style_references) {
        result->outcome = MDVIEW_SVG_GUARD_STYLE_REFERENCES;
        release(&g);
        return;
    }
    for (int e = g.count - 1; e > 0; e--) {
        if (g.parent[e] >= 0) g.subtree[g.parent[e]] += g.subtree[e];
    }
    qsort(g.ids, (size_t)g.id_count, sizeof(named), by_name);
    qsort(g.refs, (size_t)g.ref_count, sizeof(reference), by_owner);
    for (int r = 0; r < g.ref_count; r++) {
        named key = {g.refs[r].target, -1};
        int low = 0, high = g.id_count;
        while (low < high) {
            int middle = (low + high) / 2;
            if (by_name(&g.ids[middle], &key) < 0) low = middle + 1; else high = middle;
        }
        if (low < g.id_count && strcmp(g.ids[low].name, key.name) == 0) g.refs[r].resolved = g.ids[low].element;
    }
    measure m = {&g, malloc(sizeof(long) * (size_t)g.count), calloc((size_t)g.count, sizeof(int)),
                 calloc((size_t)g.count, 1), max_instances, 0, max_chain, 0};
    if (!m.cost || !m.chain_below || !m.visiting) {
        result->outcome = MDVIEW_SVG_GUARD_TOO_COMPLEX;
    } else {
        for (int e = 0; e < g.count; e++) m.cost[e] = -1;
        long total = 0;
        int chain = 0;
        /* Every top-level element (normally the one <svg>) is rendered. */
        for (int e = 0; e < g.count; e += g.subtree[e]) {
            total += cost_of(&m, e, 0);
            if (m.chain_below[e] > chain) chain = m.chain_below[e];
            if (total > max_instances) break;
        }
        result->instances = total;
        result->chain = chain;
        result->outcome = m.too_complex || total > max_instances ? MDVIEW_SVG_GUARD_TOO_COMPLEX : MDVIEW_SVG_GUARD_OK;
    }
    free(m.cost);
    free(m.chain_below);
    free(m.visiting);
    release(&g);
}

void mdview_svg_guard_result_free(mdview_svg_guard_result *result) {
    for (int i = 0; i < result->data_url_count; i++) free(result->data_urls[i]);
    free(result->data_urls);
    result->data_urls = NULL;
    result->data_url_count = 0;
}
