#include "html_tokens.h"
#include "attribute_cap.h"
#include "libxml2_loader.h"
#include <libxml/HTMLparser.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The few libxml2 entry points the HTML tokens use, resolved once through the shared loader. */
static struct {
    int loaded;
    htmlParserCtxtPtr (*create_push)(htmlSAXHandlerPtr, void *, const char *, int, const char *, xmlCharEncoding);
    int (*use_options)(htmlParserCtxtPtr, int);
    int (*parse_chunk)(htmlParserCtxtPtr, const char *, int, int);
    void (*free_context)(htmlParserCtxtPtr);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_api(void) {
#define SYM(field, name) *(void **)(&api.field) = mdv_libxml2_symbol(name); if (!api.field) return;
    SYM(create_push, "htmlCreatePushParserCtxt")
    SYM(use_options, "htmlCtxtUseOptions")
    SYM(parse_chunk, "htmlParseChunk")
    SYM(free_context, "htmlFreeParserCtxt")
#undef SYM
    api.loaded = 1;
}

typedef struct {
    void *context;
    mdv_html_start_fn start;
    mdv_html_end_fn end;
    mdv_html_text_fn text;
} callbacks;

/* libxml2 passes its parser context as the SAX user data's owner; ours rides in ctxt->_private. */
static callbacks *from(void *ctx) { return (callbacks *)((htmlParserCtxtPtr)ctx)->_private; }

static void on_start(void *ctx, const xmlChar *name, const xmlChar **atts) {
    callbacks *c = from(ctx);
    c->start(c->context, (const char *)name, (const char **)atts);
}

static void on_end(void *ctx, const xmlChar *name) {
    callbacks *c = from(ctx);
    c->end(c->context, (const char *)name);
}

static void on_text(void *ctx, const xmlChar *ch, int len) {
    callbacks *c = from(ctx);
    c->text(c->context, (const char *)ch, len);
}

static void ignore_cdata(void *ctx, const xmlChar *value, int len) { (void)ctx; (void)value; (void)len; }
static void ignore_message(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }
static void ignore_structured(void *ctx, xmlErrorPtr error) { (void)ctx; (void)error; }

int mdv_html_tokens(const char *html, size_t length, void *context, mdv_html_start_fn start,
                    mdv_html_end_fn end, mdv_html_text_fn text) {
    pthread_once(&load_once, load_api);
    if (!api.loaded) return -1;
    htmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.startElement = on_start;
    sax.endElement = on_end;
    sax.characters = on_text;
    sax.ignorableWhitespace = on_text;
    sax.cdataBlock = ignore_cdata; /* script and style content */
    sax.warning = ignore_message;
    sax.error = ignore_message;
    sax.fatalError = ignore_message;
    sax.serror = ignore_structured;
    sax.initialized = XML_SAX2_MAGIC; /* so that serror is used: parse errors never reach stderr */
    callbacks c = {context, start, end, text};
    htmlParserCtxtPtr ctxt = api.create_push(&sax, NULL, NULL, 0, NULL, XML_CHAR_ENCODING_UTF8);
    if (!ctxt) return -1;
    ctxt->_private = &c;
    ctxt->userData = ctxt;
    api.use_options(ctxt, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
                              XML_PARSE_HUGE);
    size_t capped_length = 0;
    char *capped = mdv_html_cap_attributes(html, length, &capped_length);
    if (capped) {
        html = capped;
        length = capped_length;
    }
    /* In slices: htmlParseChunk takes an int length. */
    const size_t slice = 1 << 30;
    size_t offset = 0;
    while (length - offset > slice) {
        api.parse_chunk(ctxt, html + offset, (int)slice, 0);
        offset += slice;
    }
    api.parse_chunk(ctxt, html + offset, (int)(length - offset), 1);
    api.free_context(ctxt);
    free(capped);
    return 0;
}
