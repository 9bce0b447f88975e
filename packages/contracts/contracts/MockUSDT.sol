// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Mock Tether USD
/// @notice Development and test stand-in for USDT (6 decimals) that behaves like Tether's own token
/// (mainnet TetherToken), so that every test runs against what real USDT does, not a polite ERC-20:
/// - `transfer`, `transferFrom` and `approve` return nothing (callers must not expect a bool: use SafeERC20);
/// - `approve` from a non-zero allowance to another non-zero one reverts without a reason (set it to 0 first);
/// - an allowance of type(uint256).max is not spent by `transferFrom`.
/// Shortfalls revert with the OpenZeppelin ERC-20 error names, so tests can tell them apart.
/// @dev NEVER deployed to production: production uses the real USDT contract on Arbitrum One.
/// Local chains run with chain id 42161 like production, so the chain id cannot tell a dev
/// deployment apart; the deployer decides explicitly through `openMint`.
contract MockUSDT {
    error MintClosed();
    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error ERC20InvalidReceiver(address receiver);

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    string public constant name = "Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;

    /// @notice When true anyone may mint (faucet for local development); when false minting is disabled.
    bool public immutable openMint;

    uint256 public totalSupply;
    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;

    constructor(bool openMint_) {
        openMint = openMint_;
    }

    function mint(address to, uint256 amount) external {
        if (!openMint) revert MintClosed();
        if (to == address(0)) revert ERC20InvalidReceiver(to);
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// @dev No return value, as Tether's.
    function transfer(address to, uint256 value) external {
        _move(msg.sender, to, value);
    }

    /// @dev No return value, as Tether's; an infinite allowance stays infinite.
    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < value) revert ERC20InsufficientAllowance(msg.sender, allowed, value);
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
    }

    /// @dev No return value, and Tether's rule against the approve race: from a non-zero allowance only to 0.
    function approve(address spender, uint256 value) external {
        require(!((value != 0) && (allowance[msg.sender][spender] != 0)));
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function _move(address from, address to, uint256 value) private {
        if (to == address(0)) revert ERC20InvalidReceiver(to);
        uint256 held = balanceOf[from];
        if (held < value) revert ERC20InsufficientBalance(from, held, value);
        balanceOf[from] = held - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
