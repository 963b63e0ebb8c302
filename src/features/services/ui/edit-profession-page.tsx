import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { SERVICE_SAVED_TOAST_MS, SERVICE_STATUSES, serviceStatusLabel, type ServiceRecord } from '@/domain/service';
import { serviceCategoryName } from '@/domain/service-category';
import { editServiceSchema, type EditServiceInput, type EditServiceValues } from '@/domain/service-form';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { useSelfId } from '@/lib/signed-in';
import { Button, ButtonLink } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LabelledInput, SelectOptions } from '@/ui/field';
import { Form, SelectField, TextField } from '@/ui/form-field';
import { PhoneField } from '@/ui/number-fields';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { OnePhotoProgress } from '@/ui/upload-progress';
import { deleteService, sameService, updateFailedMessage } from '../api/post-services';
import { CoverImageField, inPageDigits, ServiceOfferFields } from './service-form-parts';
import { useService } from './use-services';
import './services.css';
import './service-manage.css';

/**
 * /main/edit-profession/{serviceId}: the owner edits a service (the category stays as it is) or deletes it. An edit
 * takes the outbox's path, so one made offline is sent once the connection returns.
 */
export function EditProfessionPage() {
  const { serviceId = '' } = useParams();
  const selfId = useSelfId();
  const navigate = useNavigate();
  const service = useService(serviceId);

  if (service.loading) return <SpinnerScreen label={m.services_loading_for_edit()} />;
  if (service.notFound || (!service.value && !service.error)) {
    return (
      <div className="page">
        <div className="empty-panel">
          <h1>{m.services_not_found_title()}</h1>
          <p className="text-muted">{m.services_data_not_found()}</p>
          <ButtonLink to="/main/find-service/all">{m.services_browse()}</ButtonLink>
        </div>
      </div>
    );
  }
  if (!service.value) {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>{m.services_load_failed_title()}</h1>
          <p>{service.error}</p>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {m.services_go_back()}
          </Button>
        </div>
      </div>
    );
  }
  if (service.value.provider._id !== selfId) {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>{m.services_not_yours_title()}</h1>
          <p>{m.services_not_yours()}</p>
          <ButtonLink variant="secondary" to={`/main/prof-profile/${service.value.provider._id}`}>
            {m.services_view_provider()}
          </ButtonLink>
        </div>
      </div>
    );
  }
  return <EditServiceForm key={service.value._id} service={service.value} selfId={selfId} />;
}

function asFile(blob: Blob | undefined): File | undefined {
  return blob && (blob instanceof File ? blob : new File([blob], 'cover.jpg', { type: blob.type }));
}

function EditServiceForm({ service, selfId }: { service: ServiceRecord; selfId: string }) {
  const navigate = useNavigate();
  const [cover, setCover] = useState<File>();
  const [coverError, setCoverError] = useState<string>();
  const [keptCover, setKeptCover] = useState(service.coverImage ?? undefined);
  const [failure, setFailure] = useState<string>();
  const form = useForm<EditServiceInput, unknown, EditServiceValues>({
    resolver: valibotResolver(editServiceSchema),
    defaultValues: inPageDigits({
      category: service.category,
      status: service.status,
      contactNumber: service.contactNumber,
      addressLine: service.addressLine,
      description: service.description,
      minimumPrice: service.minimumPrice,
      maximumPrice: service.maximumPrice,
      availableDays: service.availableDays,
      availableTime: service.availableTime,
      ...(service.servicePlaceIds?.length ? { servicePlaceIds: service.servicePlaceIds } : {}),
    }),
  });
  const { handleSubmit, reset, formState } = form;
  const category = serviceCategoryName(service.category);

  const thisService = useMemo(() => sameService(service._id), [service._id]);
  // An edit of this service still on this phone (offline, or refused) is newer than the service shown: the form
  // opens with it, so that saving again builds on it instead of losing it (the new edit replaces it).
  const restore = useCallback(
    (held: OutboxItem<'service-edit'>) => {
      // An edit queued by an older version may hold typed areas: the form asks for places only, and sends none.
      const { serviceArea: _typed, ...values } = held.payload.values;
      reset(inPageDigits({ ...values, category: service.category }));
      setCover(asFile(held.files[0]));
      setKeptCover(held.payload.keptCover ?? undefined);
    },
    [reset, service.category],
  );
  const post = useOutboxPost('service-edit', { ownerId: selfId, sameRecord: thisService, onHeld: restore });
  const queuedNotice = post.notice;

  // An edit of this service still on this phone (offline, or refused) is newer than the service shown: the form
  // opens with it, so that saving again builds on it instead of losing it (the new edit replaces it).
  const fail = (message: string) => {
    setFailure(message);
    showToast(message, 'error');
  };

  // Every edit takes the outbox's path; online it is sent at once and the page reports as the spec says.
  const onSubmit = async (values: EditServiceValues) => {
    setFailure(undefined);
    const { coverImage: _cover, ...fields } = values;
    const outcome = await post.submit({
      label: m.services_edit_label({ category }),
      payload: {
        serviceId: service._id,
        category: service.category,
        values: fields,
        keptCover: cover ? null : (keptCover ?? null),
      },
      files: cover ? [cover] : [],
      notSavedMessage: updateFailedMessage(),
    });
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      fail(outcome.message);
    } else if (outcome.type === 'sent') {
      showToast(m.services_updated(), 'success', SERVICE_SAVED_TOAST_MS);
      navigate(`/main/prof-profile/${selfId}`);
    } else {
      showToast(outcome.message, 'info');
    }
  };

  return (
    <div className="page services-page">
      <Form form={form} className="card section-card service-form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <h1 className="page__title">{m.services_edit_title({ category })}</h1>
        {failure ? (
          <p className="notice notice--error service-notice" role="alert">
            {failure}
          </p>
        ) : queuedNotice ? (
          <p
            className={`notice notice--${queuedNotice.tone} service-notice`}
            role="status"
            data-testid="service-edit-waiting"
          >
            {queuedNotice.message}
          </p>
        ) : null}
        <div className="form-grid">
          <LabelledInput label={m.services_category()} value={category} readOnly hint={m.services_category_fixed()} />
          <SelectField name="status" label={m.services_status()}>
            <SelectOptions values={SERVICE_STATUSES} labels={serviceStatusLabel} />
          </SelectField>
          <PhoneField name="contactNumber" label={m.services_contact_number_field()} />
          <TextField name="addressLine" label={m.services_full_address()} />
        </div>
        <ServiceOfferFields
          placesMinimum={service.servicePlaceIds?.length ? 1 : 0}
          cover={
            <CoverImageField
              file={cover}
              existingUrl={keptCover}
              error={coverError}
              onFile={(file, problem) => {
                setCover(file);
                setCoverError(problem);
              }}
              onRemoveExisting={() => setKeptCover(undefined)}
            />
          }
        />
        {cover ? <OnePhotoProgress kind="cover" progress={post.progress} /> : null}
        <Button type="submit" disabled={formState.isSubmitting} block>
          {formState.isSubmitting ? m.services_saving() : m.services_save_changes()}
        </Button>
      </Form>
      <DeleteServiceSection service={service} selfId={selfId} />
    </div>
  );
}

/** "Your Painter service, its 3 reviews and its cover image will be removed for good." (only what it has) */
function deletionSummary(service: ServiceRecord): string {
  const category = serviceCategoryName(service.category);
  const reviews = service.ratings.length;
  if (reviews === 0) {
    return service.coverImage ? m.services_delete_summary_cover({ category }) : m.services_delete_summary({ category });
  }
  const count = localDigits(String(reviews), getLocale());
  return service.coverImage
    ? m.services_delete_summary_reviews_cover({ category, count })
    : m.services_delete_summary_reviews({ category, count });
}

/**
 * Delete Service, behind a confirmation: the only way out for a provider whose two services no longer fit
 * (inactive ones count toward the limit, and the category cannot change). Needs the network.
 */
function DeleteServiceSection({ service, selfId }: { service: ServiceRecord; selfId: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string>();

  const close = () => {
    if (deleting) return;
    setConfirming(false);
    setProblem(undefined);
  };

  const onDelete = async () => {
    if (!navigator.onLine) {
      setProblem(m.services_delete_offline());
      return;
    }
    setDeleting(true);
    setProblem(undefined);
    try {
      await deleteService(selfId, service._id);
      showToast(m.services_deleted(), 'success', SERVICE_SAVED_TOAST_MS);
      navigate(`/main/prof-profile/${selfId}`, { replace: true });
    } catch (error) {
      console.error('Could not delete the service', error);
      setProblem(await apiErrorMessage(error, m.services_delete_failed()));
      setDeleting(false);
    }
  };

  return (
    <section className="card section-card service-delete" aria-labelledby="delete-service-title">
      <h2 id="delete-service-title" className="section-card__title">
        {m.services_delete_title()}
      </h2>
      <p className="text-muted">{m.services_delete_explain({ category: serviceCategoryName(service.category) })}</p>
      <Button variant="danger" block onClick={() => setConfirming(true)}>
        {m.services_delete()}
      </Button>
      <Dialog open={confirming} onClose={close} title={m.services_delete_confirm_title()}>
        <div className="service-delete__confirm">
          <p>{deletionSummary(service)}</p>
          {problem ? (
            <p className="notice notice--error service-notice" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="service-delete__actions">
            <Button variant="danger" onClick={() => void onDelete()} disabled={deleting}>
              {deleting ? m.services_deleting() : m.services_yes_delete()}
            </Button>
            <Button variant="secondary" onClick={close} disabled={deleting}>
              {m.services_cancel()}
            </Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
