// Types of the offline code (offline.js, saved.js). The files it reads
// are typed in wire.d.ts (wire.SaveList, wire.Offline, wire.Index).
// Never shipped.

/** SaveProgress is how far a save is: files and bytes, done and in all. */
interface SaveProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
}
