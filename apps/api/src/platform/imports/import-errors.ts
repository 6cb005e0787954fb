/** Another worker took the import over (it moved the checkpoint first): this one stops quietly. */
export class SupersededImport extends Error {}

/** The file itself cannot be imported (no header, wrong shape, gone from storage): no retry helps. */
export class UnreadableImport extends Error {}
