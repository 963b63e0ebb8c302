import type { FieldError, Merge, UseFormRegisterReturn } from 'react-hook-form';

/** Where react-hook-form puts the errors of the service-area rows and of the list as a whole. */
export function areaErrors(error: Merge<FieldError, (FieldError | undefined)[]> | undefined) {
  if (!error) return { rowErrors: [], groupError: undefined };
  const rows = Array.isArray(error) ? error : Object.assign([], error);
  const rowErrors = Array.from({ length: rows.length }, (_, index) => (rows[index] as FieldError | undefined)?.message);
  return { rowErrors, groupError: error.message ?? error.root?.message };
}

export function DescriptionField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="service-description">
        Description
      </label>
      <textarea
        id="service-description"
        className="field__control"
        rows={5}
        placeholder="What you do, your experience, what is included"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'service-description-error' : undefined}
        {...registration}
      />
      {error ? (
        <p className="field__error" id="service-description-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
