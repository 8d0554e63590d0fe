import { Card, Col, Row, Statistic } from 'antd';

export interface Figure {
  key: string;
  label: string;
  value: string | number;
}

/** A row of headline figures, each in a card: what an operator reads at a glance. */
export function FigureCards({ figures, testId }: { figures: readonly Figure[]; testId: string }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={8} xl={6}>
          <Card size="small">
            <Statistic title={figure.label} value={figure.value} data-testid={`${testId}-${figure.key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
