// The one place the page size budget is written: gzip -9 of everything one
// page fetches, in bytes, for every lesson page (the registry's GROUPS).
// The README quotes the current sizes; ./lab test enforces this.
export const GZIP_BUDGET_BYTES = 170_000;
export const ENTRIES = ['', 'lesson-000-ids/', 'lesson-001/', 'lesson-003/', 'lesson-003-actions/', 'lesson-004/', 'lesson-004-streams/', 'lesson-004-ops/'];
