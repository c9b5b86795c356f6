/**
 * What the bot needs of the templates table (src/db's `createTemplateQueries` fits it). Names given here are already
 * checked and lower case (core/template.ts `checkTemplateName`).
 */
export interface StoredTemplate {
  name: string;
  text: string;
}

export interface TemplateStore {
  get(name: string): StoredTemplate | undefined;
  /** True when it replaced a template of that name. */
  save(name: string, text: string, now: number): boolean;
  delete(name: string): boolean;
  /** By name. */
  list(): StoredTemplate[];
}
