import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { SERVICE_SAVED_TOAST_MS, SERVICE_STATUSES, type ServiceRecord } from '@/domain/service';
import { editServiceSchema, type EditServiceInput, type EditServiceValues } from '@/domain/service-form';
import { apiErrorMessage } from '@/lib/api-client';
import { useSelfId } from '@/lib/signed-in';
import { Button, ButtonLink } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { updateService, uploadServiceCover } from '../api/post-services';
import { CoverImageField, DaysField, ServiceAreasField, TimeField, PriceRangeFields } from './service-form-parts';
import { areaErrors, DescriptionField } from './service-form-errors';
import { useService } from './use-services';
import './services.css';

/** /main/edit-profession/{serviceId}: the owner edits a service; the category stays as it is. */
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

function EditServiceForm({ service, selfId }: { service: ServiceRecord; selfId: string }) {
  const navigate = useNavigate();
  const [cover, setCover] = useState<File>();
  const [coverError, setCoverError] = useState<string>();
  const [keptCover, setKeptCover] = useState(service.coverImage ?? undefined);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<EditServiceInput, unknown, EditServiceValues>({
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
  const areas = useWatch({ control, name: 'serviceArea' });

  const onSubmit = async (values: EditServiceValues) => {
    try {
      let coverImage = keptCover;
      if (cover) {
        try {
          coverImage = await uploadServiceCover(cover);
        } catch (error) {
          console.error('Cover upload failed', error);
          throw new Error('Failed to upload new cover image.');
        }
      }
      await updateService(service._id, { ...values, coverImage: coverImage ?? null });
      showToast('Service updated successfully!', 'success', SERVICE_SAVED_TOAST_MS);
      navigate(`/main/prof-profile/${selfId}`);
    } catch (error) {
      showToast(await apiErrorMessage(error, 'An error occurred while updating the service.'), 'error');
    }
  };

  return (
    <div className="page services-page">
      <form className="card section-card service-form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <h1 className="page__title">Edit Your Service: {service.category}</h1>
        <div className="form-grid">
          <TextField label="Category" value={service.category} readOnly hint="The category cannot be changed." />
          <SelectField label="Status" error={errors.status?.message} {...register('status')}>
            {SERVICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Contact Number"
            type="tel"
            error={errors.contactNumber?.message}
            {...register('contactNumber')}
          />
          <TextField label="Full Address Line" error={errors.addressLine?.message} {...register('addressLine')} />
        </div>
        <ServiceAreasField
          areas={areas}
          onChange={(next) => setValue('serviceArea', next, { shouldValidate: isSubmitted })}
          {...areaErrors(errors.serviceArea)}
        />
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
        <DescriptionField registration={register('description')} error={errors.description?.message} />
        <PriceRangeFields
          minimum={register('minimumPrice', { valueAsNumber: true })}
          maximum={register('maximumPrice', { valueAsNumber: true })}
          minimumError={errors.minimumPrice?.message}
          maximumError={errors.maximumPrice?.message}
        />
        <DaysField registration={register('availableDays')} error={errors.availableDays?.message} />
        <TimeField registration={register('availableTime')} error={errors.availableTime?.message} />
        <Button type="submit" disabled={isSubmitting} block>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </div>
  );
}
