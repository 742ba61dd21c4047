/** One route of the app and the paths it serves. */
export interface RouteTemplate {
  template: string;
  pattern: RegExp;
}
/** The app's routes from a build's app-paths manifest, static ones first. */
export function loadRouteTemplates(distDir: string): RouteTemplate[];
/** The route label of `pathname`. */
export function routeLabel(pathname: string, templates: readonly RouteTemplate[]): string;
