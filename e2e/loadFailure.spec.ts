import { expect, test } from '@playwright/test';
import { LabPage } from './pages/labPage';

// A panel whose code does not arrive (a dropped connection mid-load) costs only its own section,
// says so, and a reload brings it back.
test('a panel whose code did not arrive says so, and a reload brings it back', async ({ page }) => {
  const lab = new LabPage(page);
  // The drill's own chunk fails as a dropped connection would.
  await page.route(/\/assets\/drill-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
  await lab.open();
  const drill = lab.section('Drill');
  const alert = drill.getByRole('alert');
  await expect(alert).toContainText('This section could not be shown.');
  await expect(alert).toContainText('Its code did not arrive');
  // Every other section still works.
  await expect(
    lab.section('Redlock and its critique').getByRole('slider', { name: 'Clock jump on redis-3' }),
  ).toBeVisible();

  await page.unroute(/\/assets\/drill-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Reload the page' }).click();
  await expect(drill.getByRole('alert')).toHaveCount(0);
  await expect(drill.getByText(/of 8 known/)).toBeVisible();
});
