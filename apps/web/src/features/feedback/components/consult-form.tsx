import { ConsultationService, FEEDBACK_LIMITS, isPhone, TIMING } from '@suanli/contract';
import { App, Button, Checkbox, Col, Form, Input, Result, Row, type GetProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFormError } from '@/shared/ui/report-form-error';
import { useConsult } from '../api/consult';
import { useFeedbackTranslation } from '../use-feedback-translation';

type Service = (typeof ConsultationService.values)[number];

interface ConsultValues {
  name: string;
  company: string;
  position: string;
  phone: string;
  services: Service[];
  requirement?: string;
}

const HOURS = TIMING.consultationReplyHours;

type ServicesFieldProps = GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * The checkboxes as a group. Form.Item marks its control `aria-required`, which ARIA allows on no group of
 * checkboxes (axe's aria-allowed-attr): the group leaves it out, and the label's mark and the rule's message remain.
 */
function ServicesField({ 'aria-required': _required, ...props }: ServicesFieldProps) {
  return <Checkbox.Group role="group" {...props} />;
}

/**
 * The business consultation form (spec §3, §5): name, company, position and phone required, at least one service,
 * an optional requirement; anyone may send it, and the answer promises contact within 24 hours.
 */
export default function ConsultForm() {
  const { t } = useFeedbackTranslation();
  const { t: tc } = useTranslation('contract');
  const { message } = App.useApp();
  const [form] = Form.useForm<ConsultValues>();
  const send = useConsult();
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <Result
        status="success"
        title={t('consult.sentTitle')}
        subTitle={t('consult.sentDescription', { hours: HOURS })}
        extra={
          <Button
            onClick={() => {
              form.resetFields();
              setSent(false);
            }}
          >
            {t('consult.again')}
          </Button>
        }
        data-testid="consult-sent"
      />
    );
  }

  const submit = async (values: ConsultValues) => {
    try {
      await send.mutateAsync({ ...values, requirement: values.requirement ?? '' });
      setSent(true);
    } catch (error) {
      reportFormError(form, error, { report: () => void message.error(t('consult.failed')) });
    }
  };

  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];
  const text = (name: 'name' | 'company' | 'position', max: number) => (
    <Form.Item name={name} label={t(`consult.${name}`)} rules={required(`consult.${name}Required`)}>
      <Input maxLength={max} placeholder={t(`consult.${name}Placeholder`)} data-testid={`consult-${name}`} />
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="consult-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('name', FEEDBACK_LIMITS.consultNameMax)}
        </Col>
        <Col xs={24} md={12}>
          {text('company', FEEDBACK_LIMITS.consultCompanyMax)}
        </Col>
        <Col xs={24} md={12}>
          {text('position', FEEDBACK_LIMITS.consultPositionMax)}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="phone"
            label={t('consult.phone')}
            rules={[
              { required: true, whitespace: true, message: t('consult.phoneRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value?.trim() || isPhone(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('consult.phoneFormat'))),
              },
            ]}
          >
            <Input
              inputMode="tel"
              maxLength={11}
              placeholder={t('consult.phonePlaceholder')}
              data-testid="consult-phone"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="services"
        label={t('consult.services')}
        rules={[{ required: true, type: 'array', min: 1, message: t('consult.servicesRequired') }]}
      >
        <ServicesField
          options={ConsultationService.values.map((value) => ({
            value,
            label: <span data-testid={`consult-service-${value}`}>{tc(ConsultationService.labelKey(value))}</span>,
          }))}
        />
      </Form.Item>
      <Form.Item name="requirement" label={t('consult.requirement')}>
        <Input.TextArea
          rows={4}
          maxLength={FEEDBACK_LIMITS.consultRequirementMax}
          showCount
          placeholder={t('consult.requirementPlaceholder')}
          data-testid="consult-requirement"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="consult-submit">
        {t('consult.submit')}
      </Button>
    </Form>
  );
}
