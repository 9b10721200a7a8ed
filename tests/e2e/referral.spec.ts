import {
  test,
  expect,
  toast,
  submitSignUpForm,
  freshDetails,
  userNameOf,
  E2E_ORIGIN,
  apiLogin,
} from "./fixtures";

test.describe("Referral sign-up", () => {
  test("signing up from /signup/ref/{userName} records the referrer", async ({ page, newMember, api }) => {
    const referrer = await newMember();
    const me = freshDetails();
    await page.goto(`/signup/ref/${referrer.userName}`);
    await submitSignUpForm(page, me);
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("user registered successfully!");

    const cookie = await apiLogin(referrer.email, referrer.password);
    const res = await api.request("/userRoute/userReferral_record_get", { cookie });
    expect(res.status).toBe(200);
    expect(res.body.msg.userName).toBe(referrer.userName);
    const names = (res.body.msg.referral_data as { userName: string }[]).map((r) => r.userName);
    expect(names).toContain(userNameOf(me.email));
  });

  test("a plain sign-up records no referrer", async ({ page, newMember, api }) => {
    const someone = await newMember();
    await page.goto("/signup");
    await submitSignUpForm(page, freshDetails());
    await expect(page).toHaveURL(/\/login$/);
    const cookie = await apiLogin(someone.email, someone.password);
    const res = await api.request("/userRoute/userReferral_record_get", { cookie });
    expect(res.body.msg.referral_data).toEqual([]);
  });

  test("the refer-and-earn page shows the link and the referee", async ({ page, newMember, loginAs }) => {
    const referrer = await newMember();
    await loginAs(page, referrer);
    await page.goto("/member/refer-and-earn");
    await expect(page.getByText("No referrals found")).toBeVisible();
    const link = `${E2E_ORIGIN}/signup/ref/${referrer.userName}`;
    await expect(page.locator(`input[value="${link}"], :text("${link}")`).first()).toBeVisible();

    const referee = await newMember({ referBy: referrer.userName });
    await page.reload();
    const table = page.locator("table");
    for (const col of ["Username", "Income", "Date"]) {
      await expect(table.getByRole("columnheader", { name: col })).toBeVisible();
    }
    await expect(table.locator("tbody tr").first()).toContainText(referee.userName);
  });
});
