/**
 * Properties a page set on an element before its definition ran (a framework that sets
 * properties first, a page that hands data before the script) are own properties of the
 * instance, which hide the class's accessors. Each of `names` is taken off and set again
 * through its accessor. Lit does this for its reactive properties; this is for the plain
 * accessors of an element (`selections`, `data`, …), called when it connects.
 */
export function upgradeProperties<T extends object>(el: T, names: readonly (keyof T)[]): void {
  for (const name of names) {
    if (!Object.prototype.hasOwnProperty.call(el, name)) continue;
    const value = el[name];
    delete el[name];
    el[name] = value;
  }
}
