type FieldType = 'string' | 'number' | 'array' | 'object';

/**
 * True when `value` is an object whose named fields have the given types: the check a mirror's rows pass as
 * they are read back. A schema library would do the same, but these checks run on the lists' first paint, over
 * every row of a list, and that library is kept off that path.
 */
export function hasFields(value: unknown, fields: Record<string, FieldType>): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(fields).every(([name, type]) => {
    const field: unknown = Reflect.get(value, name);
    if (type === 'array') return Array.isArray(field);
    return type === 'object' ? typeof field === 'object' && field !== null : typeof field === type;
  });
}
