package table

import "container/list"

// DefaultCacheBytes bounds the decoded pages a Table keeps: 64 MiB, about
// 85 pages of 64K rows (the writer's pages hold 256 KiB of int32 values a
// column, 12 bytes a row once decoded). A Value touches one page per
// value g it looks at, so repeated queries near the same rows are answered
// from memory.
const DefaultCacheBytes = 64 << 20

// pageKey names a page: value g's file, page p.
type pageKey struct{ g, p int }

// pageCache keeps decoded pages up to a bound on their bytes, and drops
// the least recently used first.
type pageCache struct {
	limit, used int64
	lru         *list.List // of *cacheEntry, most recent at the front
	byKey       map[pageKey]*list.Element

	hits, misses int64
}

type cacheEntry struct {
	key pageKey
	b   *block
}

func newPageCache(limit int64) *pageCache {
	return &pageCache{limit: limit, lru: list.New(), byKey: map[pageKey]*list.Element{}}
}

// get returns the page if it is cached.
func (c *pageCache) get(k pageKey) *block {
	if e, ok := c.byKey[k]; ok {
		c.lru.MoveToFront(e)
		c.hits++
		return e.Value.(*cacheEntry).b
	}
	c.misses++
	return nil
}

// put caches a page, dropping the least recently used ones beyond the
// bound; the page just put is kept even if it alone passes the bound.
func (c *pageCache) put(k pageKey, b *block) {
	if _, ok := c.byKey[k]; ok {
		return
	}
	c.byKey[k] = c.lru.PushFront(&cacheEntry{key: k, b: b})
	c.used += b.bytes()
	for c.used > c.limit && c.lru.Len() > 1 {
		e := c.lru.Back()
		old := e.Value.(*cacheEntry)
		c.lru.Remove(e)
		delete(c.byKey, old.key)
		c.used -= old.b.bytes()
	}
}

// reset empties the cache and sets its bound.
func (c *pageCache) reset(limit int64) {
	*c = *newPageCache(limit)
}
