import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { SERVICE_SAVED_TOAST_MS, SERVICE_STATUSES, type ServiceRecord } from '@/domain/service';
import { editServiceSchema, type EditServiceInput, type EditServiceValues } from '@/domain/service-form';
import { apiErrorMessage } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { useSelfId } from '@/lib/signed-in';
import { Button, ButtonLink } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { LabelledInput, SelectOptions } from '@/ui/field';
import { Form, SelectField, TextField } from '@/ui/form-field';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { deleteService, sameService, UPDATE_FAILED_MESSAGE } from '../api/post-services';
import { CoverImageField, ServiceOfferFields } from './service-form-parts';
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

  if (service.loading) return <SpinnerScreen label="Loading service details for editing..." />;
  if (service.notFound || (!service.value && !service.error)) {
    return (
      <div className="page">
        <div className="empty-panel">
          <h1>Service Not Found</h1>
          <p className="text-muted">Service data not found.</p>
          <ButtonLink to="/main/find-service/all">Browse Services</ButtonLink>
        </div>
      </div>
    );
  }
  if (!service.value) {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>Could not load this service</h1>
          <p>{service.error}</p>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go Back
          </Button>
        </div>
      </div>
    );
  }
  if (service.value.provider._id !== selfId) {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>Not your service</h1>
          <p>You are not authorized to edit this service.</p>
          <ButtonLink variant="secondary" to={`/main/prof-profile/${service.value.provider._id}`}>
            View Provider Profile
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
    defaultValues: {
      category: service.category,
      status: service.status,
      contactNumber: service.contactNumber,
      addressLine: service.addressLine,
      serviceArea: service.serviceArea.length > 0 ? service.serviceArea : [''],
      description: service.description,
      minimumPrice: service.minimumPrice,
      maximumPrice: service.maximumPrice,
      availableDays: service.availableDays,
      availableTime: service.availableTime,
    },
  });
  const { handleSubmit, reset, formState } = form;

  const thisService = useMemo(() => sameService(service._id), [service._id]);
  // An edit of this service still on this phone (offline, or refused) is newer than the service shown: the form
  // opens with it, so that saving again builds on it instead of losing it (the new edit replaces it).
  const restore = useCallback(
    (held: OutboxItem<'service-edit'>) => {
      reset({ ...held.payload.values, category: service.category });
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
      label: `Changes to your ${service.category} service`,
      payload: {
        serviceId: service._id,
        category: service.category,
        values: fields,
        keptCover: cover ? null : (keptCover ?? null),
      },
      files: cover ? [cover] : [],
      notSavedMessage: UPDATE_FAILED_MESSAGE,
    });
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      fail(outcome.message);
    } else if (outcome.type === 'sent') {
      showToast('Service updated successfully!', 'success', SERVICE_SAVED_TOAST_MS);
      navigate(`/main/prof-profile/${selfId}`);
    } else {
      showToast(outcome.message, 'info');
    }
  };

  return (
    <div className="page services-page">
      <Form form={form} className="card section-card service-form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <h1 className="page__title">Edit Your Service: {service.category}</h1>
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
          <LabelledInput label="Category" value={service.category} readOnly hint="The category cannot be changed." />
          <SelectField name="status" label="Status">
            <SelectOptions values={SERVICE_STATUSES} />
          </SelectField>
          <TextField name="contactNumber" label="Contact Number" type="tel" />
          <TextField name="addressLine" label="Full Address Line" />
        </div>
        <ServiceOfferFields
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
        <Button type="submit" disabled={formState.isSubmitting} block>
          {formState.isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </Form>
      <DeleteServiceSection service={service} selfId={selfId} />
    </div>
  );
}

/** "Your Painter service, its 3 reviews and its cover image will be removed for good." (only what it has) */
function deletionSummary(service: ServiceRecord): string {
  const reviews = service.ratings.length;
  const parts = [`Your ${service.category} service`];
  if (reviews > 0) parts.push(`its ${reviews} ${reviews === 1 ? 'review' : 'reviews'}`);
  if (service.coverImage) parts.push('its cover image');
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
  return `${listed} will be removed for good.`;
}

const DELETE_OFFLINE_MESSAGE = 'You are offline. Deleting a service needs a connection; please try again later.';

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
      setProblem(DELETE_OFFLINE_MESSAGE);
      return;
    }
    setDeleting(true);
    setProblem(undefined);
    try {
      await deleteService(selfId, service._id);
      showToast('Service deleted', 'success', SERVICE_SAVED_TOAST_MS);
      navigate(`/main/prof-profile/${selfId}`, { replace: true });
    } catch (error) {
      console.error('Could not delete the service', error);
      setProblem(await apiErrorMessage(error, 'Could not delete the service. Please try again.'));
      setDeleting(false);
    }
  };

  return (
    <section className="card section-card service-delete" aria-labelledby="delete-service-title">
      <h2 id="delete-service-title" className="section-card__title">
        Delete this service
      </h2>
      <p className="text-muted">
        Removes your {service.category} service with its reviews and cover image. You can then offer another service.
      </p>
      <Button variant="danger" block onClick={() => setConfirming(true)}>
        Delete Service
      </Button>
      <Dialog open={confirming} onClose={close} title="Delete this service?">
        <div className="service-delete__confirm">
          <p>{deletionSummary(service)}</p>
          {problem ? (
            <p className="notice notice--error service-notice" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="service-delete__actions">
            <Button variant="danger" onClick={() => void onDelete()} disabled={deleting}>
              {deleting ? 'Deleting...' : 'Yes, delete'}
            </Button>
            <Button variant="secondary" onClick={close} disabled={deleting}>
              Cancel
            </Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
