/* hearth_snippet(): FTS5's snippet() choosing the same fragment in linear time.
 *
 * Why: the built-in function scores a window starting at every phrase instance of the column
 * by walking every instance of the row again, so a message with n matches costs n^2 instance
 * reads — 12 ms of CPU for the 20 messages of the 60K "cache flush" page, whose messages are
 * cache-flush patches with up to 562 matches each (docs/search.md, session 12). The instances
 * come ordered by column and offset, so the instances inside a window are one run of that
 * order: found by binary search and walked alone, they give the same score. The fragment is
 * rendered as SQLite 3.40's snippet() renders it (ellipses, coalesced overlapping matches,
 * sentence starts preferred). Same arguments; the output is checked against the built-in
 * function on real mail (Fts5SnippetTests; 108,810 snippets of the 10K and 60K bench stores
 * identical).
 *
 * An optional sixth argument groups phrases: "0 0 0 1" says the first three phrases count as
 * one (the words a prefix was spelled out as, KeywordSearcher.highlights), so a fragment is
 * scored as it would be for the prefix itself. Without it (or when it does not name one
 * group per phrase) every phrase is its own group. */
#include <sqlite3.h>
#include <string.h>
#include "fts5_snippet.h"

typedef struct { int phrase, column, offset; } Instance;

typedef struct {
  Instance *items; int count;
  int *phraseSize;
  int *group;   /* the scoring group of each phrase */
} Instances;

/* The next run of overlapping instances of one column ("coalesced" instances). */
typedef struct {
  const Instances *all; int column; int next;
  int start, end;   /* first and last token of the run; -1 when none is left */
} Runs;

static void runsNext(Runs *r){
  r->start = -1; r->end = -1;
  while( r->next < r->all->count ){
    const Instance *in = &r->all->items[r->next];
    if( in->column==r->column ){
      int last = in->offset - 1 + r->all->phraseSize[in->phrase];
      if( r->start<0 ){ r->start = in->offset; r->end = last; }
      else if( in->offset<=r->end ){ if( last>r->end ) r->end = last; }
      else break;
    }
    r->next++;
  }
}

typedef struct {
  int rangeStart, rangeEnd;
  const char *open, *close, *text;
  Runs runs; int position; int copied;
  sqlite3_str *out;
} Render;

/* Tokenizing stops past what is needed (a callback's error code ends xTokenize): the
 * fragment, or the last match for sentence starts. A 100 KB patch whose matches are near its
 * top is not read to its end twice. */
#define STOP_TOKENIZING SQLITE_DONE

static int renderToken(void *context, int flags, const char *token, int tokenBytes, int startByte, int endByte){
  Render *p = (Render*)context;
  int position;
  (void)token; (void)tokenBytes;
  if( flags & FTS5_TOKEN_COLOCATED ) return SQLITE_OK;
  position = p->position++;
  if( p->rangeEnd>=0 && position>p->rangeEnd ) return STOP_TOKENIZING;
  if( p->rangeEnd>=0 ){
    if( position<p->rangeStart || position>p->rangeEnd ) return SQLITE_OK;
    if( p->rangeStart && position==p->rangeStart ) p->copied = startByte;
  }
  if( position==p->runs.start ){
    sqlite3_str_append(p->out, &p->text[p->copied], startByte - p->copied);
    sqlite3_str_appendall(p->out, p->open);
    p->copied = startByte;
  }
  if( position==p->runs.end ){
    if( p->rangeEnd>=0 && p->runs.start<p->rangeStart ) sqlite3_str_appendall(p->out, p->open);
    sqlite3_str_append(p->out, &p->text[p->copied], endByte - p->copied);
    sqlite3_str_appendall(p->out, p->close);
    p->copied = endByte;
    runsNext(&p->runs);
  }
  if( p->rangeEnd>=0 && position==p->rangeEnd ){
    sqlite3_str_append(p->out, &p->text[p->copied], endByte - p->copied);
    p->copied = endByte;
    if( position>=p->runs.start && position<p->runs.end ) sqlite3_str_appendall(p->out, p->close);
  }
  return SQLITE_OK;
}

/* Token positions that begin a sentence: the first, and any after whitespace that follows
 * a '.' or ':'; up to position `last` (the column's last match). */
typedef struct { const char *text; int position; int *starts; int count, capacity; int last; } Sentences;

static int sentenceToken(void *context, int flags, const char *token, int tokenBytes, int startByte, int endByte){
  Sentences *s = (Sentences*)context;
  (void)token; (void)tokenBytes; (void)endByte;
  if( flags & FTS5_TOKEN_COLOCATED ) return SQLITE_OK;
  if( s->position>s->last ) return STOP_TOKENIZING;
  int starts = 0;
  if( s->position>0 ){
    int i; char c = 0;
    for(i = startByte - 1; i>=0; i--){
      c = s->text[i];
      if( c!=' ' && c!='\t' && c!='\n' && c!='\r' ) break;
    }
    starts = (i!=startByte - 1 && (c=='.' || c==':'));
  }else{
    starts = 1;
  }
  if( starts ){
    if( s->count==s->capacity ){
      int capacity = s->capacity ? s->capacity*2 : 64;
      int *grown = (int*)sqlite3_realloc64(s->starts, (sqlite3_uint64)capacity*sizeof(int));
      if( grown==0 ) return SQLITE_NOMEM;
      s->starts = grown; s->capacity = capacity;
    }
    s->starts[s->count++] = s->position;
  }
  s->position++;
  return SQLITE_OK;
}

/* Index of the first instance at or after (column, offset). */
static int firstAtOrAfter(const Instances *all, int column, int offset){
  int lo = 0, hi = all->count;
  while( lo<hi ){
    int mid = lo + (hi - lo)/2;
    const Instance *in = &all->items[mid];
    if( in->column<column || (in->column==column && in->offset<offset) ) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/* The window [start, start+tokens) of `column`: 1000 for each phrase seen first, 1 for each
 * repeat; and where to start it so its matches sit in the middle. */
static int windowScore(const Instances *all, unsigned char *seen, int phrases, int column, int start, int tokens,
                       int columnTokens, int *adjusted){
  sqlite3_int64 end = (sqlite3_int64)start + tokens;
  int score = 0, first = -1, last = 0, i;
  memset(seen, 0, phrases);
  for(i = firstAtOrAfter(all, column, start); i<all->count; i++){
    const Instance *in = &all->items[i];
    if( in->column!=column || in->offset>=end ) break;
    score += seen[all->group[in->phrase]] ? 1 : 1000;
    seen[all->group[in->phrase]] = 1;
    if( first<0 ) first = in->offset;
    last = in->offset + all->phraseSize[in->phrase];
  }
  if( adjusted ){
    sqlite3_int64 adjust = first - (tokens - (last - first))/2;
    if( adjust + tokens>columnTokens ) adjust = columnTokens - tokens;
    if( adjust<0 ) adjust = 0;
    *adjusted = (int)adjust;
  }
  return score;
}

static const char *textOf(sqlite3_value *value){
  const char *text = (const char*)sqlite3_value_text(value);
  return text ? text : "";
}

/* Reads "g0 g1 …" into group[] when it names exactly `phrases` groups, each in [0, phrases);
 * otherwise leaves group[] as it is (one group per phrase). */
static void readGroups(const char *text, int *group, int phrases){
  int read = 0, i;
  int *parsed = (int*)sqlite3_malloc((phrases > 0 ? phrases : 1)*(int)sizeof(int));
  if( parsed==0 ) return;
  while( *text ){
    if( *text==' ' ){ text++; continue; }
    if( *text<'0' || *text>'9' || read==phrases ){ read = -1; break; }
    int value = 0;
    while( *text>='0' && *text<='9' ){
      value = value*10 + (*text - '0');
      if( value>=phrases ){ read = -1; break; }
      text++;
    }
    if( read<0 ) break;
    parsed[read++] = value;
  }
  if( read==phrases ) for(i = 0; i<phrases; i++) group[i] = parsed[i];
  sqlite3_free(parsed);
}

static void snippetFunction(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *result,
                            int argc, sqlite3_value **argv){
  if( argc!=5 && argc!=6 ){
    sqlite3_result_error(result, "wrong number of arguments to function hearth_snippet()", -1);
    return;
  }
  int rc = SQLITE_OK;
  int wanted = sqlite3_value_int(argv[0]);
  const char *open = textOf(argv[1]), *close = textOf(argv[2]), *ellipsis = textOf(argv[3]);
  int tokens = sqlite3_value_int(argv[4]);
  int columns = api->xColumnCount(fts);
  int phrases = api->xPhraseCount(fts);
  Instances all = {0, 0, 0, 0};
  unsigned char *seen = (unsigned char*)sqlite3_malloc(phrases > 0 ? phrases : 1);
  Sentences sentences; memset(&sentences, 0, sizeof sentences);
  int bestColumn = wanted>=0 ? wanted : 0, bestStart = 0, bestScore = 0, bestColumnTokens = 0;
  int i;

  all.phraseSize = (int*)sqlite3_malloc((phrases > 0 ? phrases : 1)*(int)sizeof(int));
  all.group = (int*)sqlite3_malloc((phrases > 0 ? phrases : 1)*(int)sizeof(int));
  if( seen==0 || all.phraseSize==0 || all.group==0 ) rc = SQLITE_NOMEM;
  for(i = 0; rc==SQLITE_OK && i<phrases; i++){ all.phraseSize[i] = api->xPhraseSize(fts, i); all.group[i] = i; }
  if( rc==SQLITE_OK && argc==6 ) readGroups(textOf(argv[5]), all.group, phrases);
  if( rc==SQLITE_OK ) rc = api->xInstCount(fts, &all.count);
  if( rc==SQLITE_OK && all.count>0 ){
    all.items = (Instance*)sqlite3_malloc64((sqlite3_uint64)all.count*sizeof(Instance));
    if( all.items==0 ) rc = SQLITE_NOMEM;
  }
  for(i = 0; rc==SQLITE_OK && i<all.count; i++){
    rc = api->xInst(fts, i, &all.items[i].phrase, &all.items[i].column, &all.items[i].offset);
  }

  for(i = 0; rc==SQLITE_OK && i<columns; i++){
    if( wanted>=0 && wanted!=i ) continue;
    const char *text; int textBytes, columnTokens, k;
    sentences.position = 0; sentences.count = 0;
    rc = api->xColumnText(fts, i, &text, &textBytes);
    if( rc!=SQLITE_OK ) break;
    sentences.text = text;
    k = firstAtOrAfter(&all, i + 1, 0);
    sentences.last = (k>0 && all.items[k - 1].column==i) ? all.items[k - 1].offset : -1;
    rc = sentences.last<0 ? SQLITE_OK : api->xTokenize(fts, text, textBytes, (void*)&sentences, sentenceToken);
    if( rc==STOP_TOKENIZING ) rc = SQLITE_OK;
    if( rc!=SQLITE_OK ) break;
    rc = api->xColumnSize(fts, i, &columnTokens);
    if( rc!=SQLITE_OK ) break;
    for(k = firstAtOrAfter(&all, i, 0); rc==SQLITE_OK && k<all.count && all.items[k].column==i; k++){
      int offset = all.items[k].offset, adjusted = 0, score;
      if( offset>columnTokens ){ rc = SQLITE_CORRUPT_VTAB; break; }
      score = windowScore(&all, seen, phrases, i, offset, tokens, columnTokens, &adjusted);
      if( score>bestScore ){ bestScore = score; bestColumn = i; bestStart = adjusted; bestColumnTokens = columnTokens; }
      if( sentences.count && columnTokens>tokens ){
        /* The last sentence start at or before this instance. */
        int lo = 0, hi = sentences.count - 1;
        while( lo<hi ){
          int mid = lo + (hi - lo + 1)/2;
          if( sentences.starts[mid]<=offset ) lo = mid; else hi = mid - 1;
        }
        int start = sentences.starts[lo];
        if( start<offset ){
          score = windowScore(&all, seen, phrases, i, start, tokens, columnTokens, 0);
          score += (start==0 ? 120 : 100);
          if( score>bestScore ){ bestScore = score; bestColumn = i; bestStart = start; bestColumnTokens = columnTokens; }
        }
      }
    }
  }

  Render render; memset(&render, 0, sizeof render);
  if( rc==SQLITE_OK ){
    int textBytes;
    rc = api->xColumnText(fts, bestColumn, &render.text, &textBytes);
    if( rc==SQLITE_OK && bestColumnTokens==0 ) rc = api->xColumnSize(fts, bestColumn, &bestColumnTokens);
    if( rc==SQLITE_OK && render.text ){
      render.out = sqlite3_str_new(0);
      render.open = open; render.close = close;
      render.runs.all = &all; render.runs.column = bestColumn; render.runs.next = 0;
      runsNext(&render.runs);
      render.rangeStart = bestStart;
      render.rangeEnd = bestStart + tokens - 1;
      if( bestStart>0 ) sqlite3_str_appendall(render.out, ellipsis);
      while( render.runs.start>=0 && render.runs.start<bestStart ) runsNext(&render.runs);
      rc = api->xTokenize(fts, render.text, textBytes, (void*)&render, renderToken);
      if( rc==STOP_TOKENIZING ) rc = SQLITE_OK;
      if( render.rangeEnd>=bestColumnTokens - 1 ){
        sqlite3_str_append(render.out, &render.text[render.copied], textBytes - render.copied);
      }else{
        sqlite3_str_appendall(render.out, ellipsis);
      }
      if( rc==SQLITE_OK ) rc = sqlite3_str_errcode(render.out);
      int length = sqlite3_str_length(render.out);
      char *z = sqlite3_str_finish(render.out);
      if( rc==SQLITE_OK ){
        if( z ) sqlite3_result_text(result, z, length, sqlite3_free);
        else sqlite3_result_text(result, "", 0, SQLITE_STATIC);
      }else{
        sqlite3_free(z);
      }
    }
  }
  if( rc!=SQLITE_OK ) sqlite3_result_error_code(result, rc);
  sqlite3_free(sentences.starts);
  sqlite3_free(all.items);
  sqlite3_free(all.phraseSize);
  sqlite3_free(all.group);
  sqlite3_free(seen);
}

static fts5_api *fts5Of(sqlite3 *db){
  fts5_api *api = 0;
  sqlite3_stmt *statement = 0;
  if( sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0)==SQLITE_OK ){
    sqlite3_bind_pointer(statement, 1, (void*)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
  }
  sqlite3_finalize(statement);
  return api;
}

int hearth_fts5_register_snippet(sqlite3 *db){
  fts5_api *api = fts5Of(db);
  if( api==0 ) return SQLITE_ERROR;
  return api->xCreateFunction(api, "hearth_snippet", 0, snippetFunction, 0);
}
