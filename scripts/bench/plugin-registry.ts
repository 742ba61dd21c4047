/** The many-tools fixture the bench's app servers load (SCALE_TOOL_COUNT tools, 10,000 unless set). */
export const SCALE_PLUGIN_PATH = 'e2e/fixtures/scale-plugins';
