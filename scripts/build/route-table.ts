import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What a Vite build and the app's route table say about routes and chunks, for the build (route preloads,
 * scripts/build/route-preloads-plugin.ts) and the benchmark (first-load sizes, scripts/bench/bundle-report.ts):
 * the manifest's chunk graph (`vite build --manifest`, or one made from the bundle) and the lazily imported
 * modules each route of src/app/routes.tsx shows.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): ViteManifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}

/** The manifest key of the HTML entry (index.html), or the first entry. */
export function entryKey(manifest: ViteManifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const found = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!found) throw new Error('The Vite manifest has no entry chunk');
  return found[0];
}

/** The chunks `keys` load before running: themselves and their static imports, transitively. */
export function staticClosure(manifest: ViteManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** The JavaScript and CSS files (relative to the build folder) of a set of chunks. */
export function filesOf(manifest: ViteManifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else if (/\.m?js$/.test(chunk.file)) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js: [...js].sort(), css: [...css].sort() };
}

/**
 * The manifest key of a source module named as in an import (`@/features/x/ui/page`, `./pages/x`), with or
 * without its extension; undefined when the build has no such chunk (a module inlined into another chunk).
 */
export function manifestKeyOf(
  manifest: ViteManifest,
  specifier: string,
  importer = 'src/app/routes.tsx',
): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(importer), specifier);
  else base = specifier;
  const candidates = [base, ...['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => base + ext)];
  return candidates.find((candidate) => manifest[candidate]);
}

export interface RouteEntry {
  /** The full path, params as `:name` (`/main/view-rent/:id`). */
  path: string;
  /** The modules the route (and its parent routes) import lazily, as written in the route table. */
  modules: string[];
}

/**
 * Reads a React Router route table written as src/app/routes.tsx writes it: routes as object literals with
 * `path`, `element` (or `Component`) or React Router's own `lazy`, and `children`; route lists spread from
 * `.map(...)` with template paths (`/services/${slug}` becomes `/services/:slug`). A route's modules are the
 * `import(...)`s of its `lazy` function, written in place or named (`lazy: rent.listing`, `lazy: pages.info(slug)`)
 * after a declaration `const rent = { listing: () => import('...') }` (or `const listing = () => import('...')`),
 * or of the React.lazy component its element shows (`const X = lazy(() => import('...'))`, alone or in an object).
 */
export function parseRouteTable(source: string, fileName = 'routes.tsx'): RouteEntry[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lazyModules = new Map<string, string[]>();
  const loaderModules = new Map<string, string[]>();

  const importsIn = (node: ts.Node): string[] => {
    const found: string[] = [];
    const visit = (child: ts.Node) => {
      if (
        ts.isCallExpression(child) &&
        child.expression.kind === ts.SyntaxKind.ImportKeyword &&
        child.arguments[0] &&
        ts.isStringLiteralLike(child.arguments[0])
      ) {
        found.push(child.arguments[0].text);
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };
  const isLazyCall = (node: ts.Node | undefined): node is ts.CallExpression =>
    !!node &&
    ts.isCallExpression(node) &&
    ((ts.isIdentifier(node.expression) && node.expression.text === 'lazy') ||
      (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'lazy'));

  const isFunction = (node: ts.Node | undefined): node is ts.ArrowFunction | ts.FunctionExpression =>
    !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

  // Lazy components (`const X = lazy(...)`, `const group = { X: lazy(...) }`) and route loaders (the same with a
  // function that imports: `const group = { x: () => import(...) }`).
  const declareLazy = (name: string, init: ts.Expression | undefined) => {
    if (isLazyCall(init)) lazyModules.set(name, importsIn(init));
    else if (isFunction(init)) loaderModules.set(name, importsIn(init));
  };
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name)) continue;
      const name = declaration.name.text;
      const init = declaration.initializer;
      if (init && ts.isObjectLiteralExpression(init)) {
        for (const property of init.properties) {
          if (ts.isPropertyAssignment(property))
            declareLazy(`${name}.${property.name.getText(file)}`, property.initializer);
        }
      } else declareLazy(name, init);
    }
  }
  // `lazy: () => import(...)`, `lazy: rent.listing` or `lazy: pages.info(slug)`.
  const loaderOf = (node: ts.Expression): string[] => {
    const named = ts.isCallExpression(node) ? node.expression : node;
    if (ts.isIdentifier(named) || ts.isPropertyAccessExpression(named)) {
      return loaderModules.get(named.getText(file)) ?? [];
    }
    return importsIn(node);
  };

  const routes: RouteEntry[] = [];
  const templatePath = (node: ts.Expression): string | undefined => {
    if (ts.isStringLiteralLike(node)) return node.text;
    if (ts.isTemplateExpression(node)) {
      return (
        node.head.text +
        node.templateSpans
          .map((span) => `:${span.expression.getText(file).replace(/\W+/g, '_')}${span.literal.text}`)
          .join('')
      );
    }
    return undefined;
  };
  const componentModules = (node: ts.Expression): string[] => {
    let expression: ts.Node = node;
    while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
    const tag = ts.isJsxSelfClosingElement(expression)
      ? expression.tagName
      : ts.isJsxElement(expression)
        ? expression.openingElement.tagName
        : ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)
          ? expression
          : undefined;
    return tag ? (lazyModules.get(tag.getText(file)) ?? []) : [];
  };
  const joinPath = (parent: string, child: string | undefined): string => {
    if (child === undefined) return parent;
    if (child.startsWith('/')) return child;
    return `${parent.replace(/\/$/, '')}/${child}`;
  };

  const visitRouteList = (list: ts.ArrayLiteralExpression, parentPath: string, parentModules: string[]) => {
    for (const element of list.elements) {
      if (ts.isObjectLiteralExpression(element)) visitRoute(element, parentPath, parentModules);
      else if (ts.isSpreadElement(element) && ts.isCallExpression(element.expression)) {
        // `...list.map((x) => ({ path: ..., element: ... }))`
        const callback = element.expression.arguments[0];
        if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
          let body: ts.Node = callback.body;
          while (ts.isParenthesizedExpression(body)) body = body.expression;
          if (ts.isObjectLiteralExpression(body)) visitRoute(body, parentPath, parentModules);
        }
      }
    }
  };
  const visitRoute = (route: ts.ObjectLiteralExpression, parentPath: string, parentModules: string[]) => {
    let routePath: string | undefined;
    let modules: string[] = [];
    let children: ts.ArrayLiteralExpression | undefined;
    for (const property of route.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const key = property.name.getText(file);
      if (key === 'path') routePath = templatePath(property.initializer);
      else if (key === 'element' || key === 'Component')
        modules = [...modules, ...componentModules(property.initializer)];
      else if (key === 'lazy') modules = [...modules, ...loaderOf(property.initializer)];
      else if (key === 'children' && ts.isArrayLiteralExpression(property.initializer)) children = property.initializer;
    }
    const fullPath = joinPath(parentPath, routePath);
    const allModules = [...new Set([...parentModules, ...modules])];
    if (routePath !== undefined) routes.push({ path: fullPath || '/', modules: allModules });
    if (children) visitRouteList(children, fullPath, allModules);
  };

  for (const statement of file.statements) {
    const declarations = ts.isVariableStatement(statement) ? statement.declarationList.declarations : [];
    for (const declaration of declarations) {
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === 'routes' &&
        declaration.initializer &&
        ts.isArrayLiteralExpression(declaration.initializer)
      ) {
        visitRouteList(declaration.initializer, '', []);
      }
    }
  }
  return routes;
}
