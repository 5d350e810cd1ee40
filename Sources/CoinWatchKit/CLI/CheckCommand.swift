/// `coinwatch check`: validates rules.json and prints the plan; makes no request.
enum CheckCommand {
    static func run(_ context: CommandContext) -> ExitCode {
        if context.arguments.conditions {
            context.io.out(context.arguments.json ? ConditionCatalog.json() + "\n" : ConditionCatalog.text())
            return .success
        }
        let rules: RulesFile
        // Only `check` warns about a rule whose `expires` has passed: a pass would say it every minute.
        switch context.loadRules(expiredAsOf: context.clock.now().timeIntervalSince1970) {
        case .success(let loaded): rules = loaded
        case .failure(let error): return error.code
        }
        if context.arguments.online { return CheckOnline.run(context, rules: rules) }
        guard !context.arguments.quiet else { return .success }
        let now = context.clock.now().timeIntervalSince1970
        let silences = ((try? StateStore.load(path: context.statePath))?.silences ?? []).filter { $0.until > now }
        let plan = Plan(rules: rules, silences: silences)
        context.io.out(context.arguments.json ? plan.json() + "\n" : plan.text())
        return .success
    }
}
