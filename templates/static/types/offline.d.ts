// Types of the files the offline code reads (offline.js, saved.js,
// sw.js): the site's list of files (site/offline.go) and the parts of the
// puzzle index (site/packs.go) that saving packs uses. Never shipped.

/** SavedPage is a page of the site as the offline page lists it. */
interface SavedPage {
  /** relative to the site root: "modes/1d-12/" */
  url: string;
  title: string;
  /** the heading it is listed under, one of SaveList.groups */
  group: string;
}

/** SaveList is every page and every file a reader may need, with sizes. */
interface SaveList {
  groups: string[];
  pages: SavedPage[];
  /** [url relative to the site root, bytes] */
  files: Array<[string, number]>;
}

/** OfflineIndex is what offline use reads of the puzzle index. */
interface OfflineIndex {
  packs: Array<{ id: string; title: string; chunks: number[]; tables?: string[]; bytes?: number }>;
  chunks: Array<{ url: string }>;
  ids: string[];
}

/** SaveProgress is how far a save is: files and bytes, done and in all. */
interface SaveProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}
